import english from './en.json';

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export type Messages = Record<string, unknown>;

/**
 * Strings come in two kinds. The shared `en.json` / `fr.json` hold what the frame and the first
 * screens show. A feature's own screens keep theirs in `features/<feature>/locales/<language>.json`,
 * under a top-level key of its own, and they load with the feature's route, so nobody downloads
 * the editor's strings to see the dashboard, nor a language they do not read.
 */
const featureFiles = import.meta.glob<Messages>('../features/*/locales/*.json', { import: 'default' });

export const FEATURES_WITH_STRINGS = [...new Set(Object.keys(featureFiles).map((file) => file.split('/')[2]!))];

export const sharedEnglish: Messages = english;

export async function sharedMessagesOf(language: Language): Promise<Messages> {
  return language === 'en' ? english : (await import('./fr.json')).default;
}

/** A feature's strings in `language` ({} when it has none). */
export async function featureMessagesOf(feature: string, language: Language): Promise<Messages> {
  const load = featureFiles[`../features/${feature}/locales/${language}.json`];
  return load ? load() : {};
}

async function filesOf(language: Language): Promise<Messages[]> {
  return Promise.all([sharedMessagesOf(language), ...FEATURES_WITH_STRINGS.map((feature) => featureMessagesOf(feature, language))]);
}

/** Every string of a language, shared and of every feature. */
export async function messagesOf(language: Language): Promise<Messages> {
  return Object.assign({}, ...(await filesOf(language)));
}

/** Top-level keys defined by more than one file: each would silently hide the other. */
export async function duplicateTopLevelKeys(language: Language): Promise<string[]> {
  const keys = (await filesOf(language)).flatMap((messages) => Object.keys(messages));
  return [...new Set(keys.filter((key, index) => keys.indexOf(key) !== index))];
}
