import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DEMO_PATH, SIGN_UP_PATH } from './links.ts';
import { Section } from './Section.tsx';

export function FinalCallToAction() {
  const { t } = useTranslation();
  return (
    <Section id="cta" title={t('landing.cta.title')} subtitle={t('landing.cta.subtitle')}>
      <HStack justify="center" gap="3" wrap="wrap">
        <Button asChild colorPalette="brand" size="lg">
          <RouterLink to={SIGN_UP_PATH}>{t('landing.hero.getStarted')}</RouterLink>
        </Button>
        <Button asChild variant="outline" size="lg">
          <RouterLink to={DEMO_PATH}>{t('landing.hero.tryDemo')}</RouterLink>
        </Button>
      </HStack>
    </Section>
  );
}
