import { describe, expect, it } from 'vitest';
import { contentLanguageOf, parseTranslations, translatedField, withoutTranslationsOf } from './contentLanguage.ts';

describe('contentLanguageOf', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr', 'fr'],
    ['fr-CA,fr;q=0.9,en;q=0.8', 'fr'],
    ['de-DE,de;q=0.9,fr;q=0.5,en;q=0.4', 'fr'],
    ['en;q=0.5, fr;q=0.8', 'fr'],
    ['FR-fr', 'fr'],
    ['fr;q=0, en', 'en'],
    ['es, it', 'en'],
    ['*', 'en'],
  ])('%j → %s', (header, language) => {
    expect(contentLanguageOf(header)).toBe(language);
  });
});

describe('parseTranslations', () => {
  it.each([
    [null, {}],
    ['fr', {}],
    [[], {}],
    [{ fr: { description: 'Pour', features: ['Un', 'Deux'] } }, { fr: { description: 'Pour', features: ['Un', 'Deux'] } }],
    [{ fr: { description: 3, features: ['Un', 2], name: 'Nom' } }, { fr: { name: 'Nom' } }],
    [{ xx: { name: 'Nom' }, fr: 'Nom' }, {}],
  ])('%j → %j', (stored, parsed) => {
    expect(parseTranslations(stored)).toEqual(parsed);
  });
});

describe('translatedField', () => {
  const stored = { fr: { description: 'Pour un premier assistant.', features: ['Jusqu’à 3 chatbots'], name: ['wrong kind'] } };
  it.each([
    ['fr', 'description', 'For a first assistant.', 'Pour un premier assistant.'],
    ['fr', 'features', ['Up to 3 chatbots'], ['Jusqu’à 3 chatbots']],
    ['en', 'description', 'For a first assistant.', 'For a first assistant.'],
    ['fr', 'title', 'Title', 'Title'],
    ['fr', 'name', 'Starter', 'Starter'],
  ] as const)('%s %s', (language, field, original, expected) => {
    expect(translatedField(stored, language, field, original as string | string[])).toEqual(expected);
  });
});

describe('withoutTranslationsOf', () => {
  it('drops the translations of the fields whose original changed, in every language', () => {
    const stored = { fr: { description: 'Pour', features: ['Un'], name: 'Nom' } };
    expect(withoutTranslationsOf(stored, ['description', 'features'])).toEqual({ fr: { name: 'Nom' } });
    expect(withoutTranslationsOf(stored, [])).toEqual(stored);
  });
});
