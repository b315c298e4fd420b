import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, messagesOf, type Language } from './resources.ts';

export { LANGUAGES, type Language };
export const LANGUAGE_STORAGE_KEY = 'language';

export const resources = { en: { translation: messagesOf('en') }, fr: { translation: messagesOf('fr') } };

function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return LANGUAGES.find((language) => language === stored) ?? 'en';
}

export function changeLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  return i18next.changeLanguage(language);
}

i18next.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

void i18next.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

export default i18next;
