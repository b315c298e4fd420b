/**
 * Content an admin writes once (plan descriptions, demo templates) may carry translations, kept
 * beside the original as `{ "fr": { "description": "…", "features": ["…"] } }`. Readers ask for
 * the request's language and get the original wherever a translation is missing.
 */

/** The languages of the web app's interface. */
export const CONTENT_LANGUAGES = ['en', 'fr'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];
export const DEFAULT_CONTENT_LANGUAGE: ContentLanguage = 'en';

export type TranslatedValue = string | string[];
export type Translations = Partial<Record<ContentLanguage, Record<string, TranslatedValue>>>;

const isContentLanguage = (value: string): value is ContentLanguage => (CONTENT_LANGUAGES as readonly string[]).includes(value);

/** The best content language of an Accept-Language header (`fr-CA,fr;q=0.9,en;q=0.8`), English when none fits. */
export function contentLanguageOf(acceptLanguage: string | undefined): ContentLanguage {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((entry, position) => {
      const [range = '', ...parameters] = entry.trim().split(';');
      const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
      return { language: range.trim().toLowerCase().split('-')[0] ?? '', quality: quality === undefined ? 1 : Number(quality), position };
    })
    .filter((entry) => entry.quality > 0 && isContentLanguage(entry.language))
    .sort((a, b) => b.quality - a.quality || a.position - b.position);
  return (ranked[0]?.language as ContentLanguage | undefined) ?? DEFAULT_CONTENT_LANGUAGE;
}

/** Stored translations as this module knows them: anything else in the column is ignored, never trusted. */
export function parseTranslations(stored: unknown): Translations {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const translations: Translations = {};
  for (const [language, fields] of Object.entries(stored)) {
    if (!isContentLanguage(language) || typeof fields !== 'object' || fields === null || Array.isArray(fields)) continue;
    const kept = Object.entries(fields as Record<string, unknown>).filter(
      ([, value]) => typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string')),
    );
    translations[language] = Object.fromEntries(kept) as Record<string, TranslatedValue>;
  }
  return translations;
}

/** A field in `language`: its translation when it has one of the original's kind, else the original. */
export function translatedField<T extends TranslatedValue>(stored: unknown, language: ContentLanguage, field: string, original: T): T {
  return translationOf(parseTranslations(stored)[language], field, original);
}

/** The same from one language's translations already parsed (several fields of one row). */
export function translationOf<T extends TranslatedValue>(
  fields: Record<string, TranslatedValue> | undefined,
  field: string,
  original: T,
): T {
  const value = fields?.[field];
  if (value === undefined || Array.isArray(value) !== Array.isArray(original)) return original;
  return value as T;
}

/** The translations left once `changedFields` got a new original: a translation of the old text would be wrong. */
export function withoutTranslationsOf(stored: unknown, changedFields: string[]): Translations {
  const translations = parseTranslations(stored);
  return Object.fromEntries(
    Object.entries(translations).map(([language, fields]) => [
      language,
      Object.fromEntries(Object.entries(fields).filter(([field]) => !changedFields.includes(field))),
    ]),
  );
}
