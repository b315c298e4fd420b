import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageBar } from '../../ui/PageBar.tsx';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher.tsx';
import { DEMO_PATH, SIGN_IN_PATH } from './links.ts';

export function LandingHeader() {
  const { t } = useTranslation();
  return (
    <PageBar as="header">
      <Text fontWeight="bold" fontSize="lg" color="brand.fg">
        {t('brand.name')}
      </Text>
      <HStack gap="2">
        <LanguageSwitcher />
        <Button asChild variant="outline" size="sm">
          <RouterLink to={DEMO_PATH}>{t('landing.header.tryDemo')}</RouterLink>
        </Button>
        <Button asChild colorPalette="brand" size="sm">
          <RouterLink to={SIGN_IN_PATH}>{t('landing.header.signIn')}</RouterLink>
        </Button>
      </HStack>
    </PageBar>
  );
}
