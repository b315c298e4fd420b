import { HStack, Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageBar } from '../../ui/PageBar.tsx';

export function LandingFooter() {
  const { t } = useTranslation();
  return (
    <PageBar as="footer" gap="3" paddingY="6">
      <Text color="fg.muted" fontSize="sm">
        {t('landing.footer.copyright', { year: new Date().getFullYear() })}
      </Text>
      <HStack gap="4" fontSize="sm">
        <Link asChild>
          <RouterLink to="/privacy-policy">{t('landing.footer.privacy')}</RouterLink>
        </Link>
        <Link asChild>
          <RouterLink to="/terms-of-service">{t('landing.footer.terms')}</RouterLink>
        </Link>
      </HStack>
    </PageBar>
  );
}
