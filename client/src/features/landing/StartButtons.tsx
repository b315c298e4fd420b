import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DEMO_PATH, SIGN_UP_PATH } from './links.ts';

/** The landing page's two ways in: sign up, or try the demo first. */
export function StartButtons({ justify }: { justify?: 'center' }) {
  const { t } = useTranslation();
  return (
    <HStack justify={justify} gap="3" wrap="wrap">
      <Button asChild colorPalette="brand" size="lg">
        <RouterLink to={SIGN_UP_PATH}>{t('landing.hero.getStarted')}</RouterLink>
      </Button>
      <Button asChild variant="outline" size="lg">
        <RouterLink to={DEMO_PATH}>{t('landing.hero.tryDemo')}</RouterLink>
      </Button>
    </HStack>
  );
}
