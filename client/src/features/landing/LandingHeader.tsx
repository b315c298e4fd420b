import { HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/LinkButton.tsx';
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
        <LinkButton to={DEMO_PATH} variant="outline" size="sm">
          {t('landing.header.tryDemo')}
        </LinkButton>
        <LinkButton to={SIGN_IN_PATH} colorPalette="brand" size="sm">
          {t('landing.header.signIn')}
        </LinkButton>
      </HStack>
    </PageBar>
  );
}
