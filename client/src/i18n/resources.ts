import en from './en.json';
import fr from './fr.json';

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

type Messages = Record<string, unknown>;

/**
 * Features keep their own strings in `features/<feature>/locales/<language>.json`, each under a
 * top-level key of its own; they join the shared `en.json` / `fr.json` here.
 */
const featureMessages = import.meta.glob<Messages>('../features/*/locales/*.json', { eager: true, import: 'default' });

function featureFilesOf(language: Language): Messages[] {
  return Object.entries(featureMessages)
    .filter(([file]) => file.endsWith(`/locales/${language}.json`))
    .map(([, messages]) => messages);
}

/** Top-level keys defined by more than one file: each would silently hide the other. */
export function duplicateTopLevelKeys(language: Language): string[] {
  const files = [language === 'en' ? en : fr, ...featureFilesOf(language)];
  const keys = files.flatMap((messages) => Object.keys(messages));
  return [...new Set(keys.filter((key, index) => keys.indexOf(key) !== index))];
}

export function messagesOf(language: Language): Messages {
  return Object.assign({}, language === 'en' ? en : fr, ...featureFilesOf(language));
}
