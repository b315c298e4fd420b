export * from './contentLanguage.ts';
