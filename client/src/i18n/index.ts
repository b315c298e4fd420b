import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { addNamedFormats } from './format.ts';
import { featureMessagesOf, LANGUAGES, sharedEnglish, sharedMessagesOf, type Language } from './resources.ts';

export { LANGUAGES, type Language };
export const LANGUAGE_STORAGE_KEY = 'language';

function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return LANGUAGES.find((language) => language === stored) ?? 'en';
}

/** Features whose strings the app has asked for; a language switch brings theirs too. */
const loadedFeatures = new Set<string>();
const loaded = new Set<string>();

async function load(language: Language, feature: string | null): Promise<void> {
  const key = `${language}:${feature ?? ''}`;
  if (loaded.has(key)) return;
  const messages = feature === null ? await sharedMessagesOf(language) : await featureMessagesOf(feature, language);
  // i18next merges into the bundle it holds: hand it copies, never the imported files.
  i18next.addResourceBundle(language, 'translation', structuredClone(messages), true, true);
  loaded.add(key);
}

const currentLanguage = () => (LANGUAGES.find((language) => language === i18next.language) ?? 'en') as Language;

/** Loads a feature's strings (in English too, the fallback) before its screens render. */
export async function loadFeatureStrings(...features: string[]): Promise<void> {
  features.forEach((feature) => loadedFeatures.add(feature));
  const languages = [...new Set<Language>(['en', currentLanguage()])];
  await Promise.all(languages.flatMap((language) => features.map((feature) => load(language, feature))));
}

export async function changeLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await Promise.all([load(language, null), ...[...loadedFeatures].map((feature) => load(language, feature))]);
  return i18next.changeLanguage(language);
}

i18next.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

void i18next.use(initReactI18next).init({
  resources: { en: { translation: structuredClone(sharedEnglish) } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});
addNamedFormats(i18next);
loaded.add('en:');

/** Settles once the stored language's strings are in, so the first paint is in that language. */
export const i18nReady: Promise<unknown> = storedLanguage() === 'en' ? Promise.resolve() : changeLanguage(storedLanguage());

export default i18next;
