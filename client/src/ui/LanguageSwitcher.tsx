import { chakra, useSlotRecipe } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Language } from '../i18n/index.ts';

/**
 * A plain select in NativeSelect's styles (its recipe), without NativeSelect: that component
 * brings Ark's form-field machinery, 3 KB of the first page's JavaScript for one select that
 * belongs to no form.
 */
export function LanguageSwitcher({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  const { t, i18n } = useTranslation();
  const styles = useSlotRecipe({ key: 'nativeSelect' })({ size });
  return (
    <chakra.div css={styles.root} width="auto">
      <chakra.select
        css={styles.field}
        aria-label={t('language.label')}
        value={i18n.language}
        onChange={(event) => void changeLanguage(event.currentTarget.value as Language)}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </chakra.select>
      <chakra.div css={styles.indicator}>
        <ChevronDown />
      </chakra.div>
    </chakra.div>
  );
}
