import { HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/LinkButton.tsx';
import { DEMO_PATH, SIGN_UP_PATH } from './links.ts';

/** The landing page's two ways in: sign up, or try the demo first. */
export function StartButtons({ justify }: { justify?: 'center' }) {
  const { t } = useTranslation();
  return (
    <HStack justify={justify} gap="3" wrap="wrap">
      <LinkButton to={SIGN_UP_PATH} colorPalette="brand" size="lg">
        {t('landing.hero.getStarted')}
      </LinkButton>
      <LinkButton to={DEMO_PATH} variant="outline" size="lg">
        {t('landing.hero.tryDemo')}
      </LinkButton>
    </HStack>
  );
}
