import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Language } from '../i18n/index.ts';

export function LanguageSwitcher({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect.Root size={size} width="auto">
      <NativeSelect.Field
        aria-label={t('language.label')}
        value={i18n.language}
        onChange={(event) => void changeLanguage(event.currentTarget.value as Language)}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
