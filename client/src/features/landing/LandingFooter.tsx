import { Flex, HStack, Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export function LandingFooter() {
  const { t } = useTranslation();
  return (
    <Flex
      as="footer"
      justify="space-between"
      align="center"
      wrap="wrap"
      gap="3"
      paddingX={{ base: '4', md: '8' }}
      paddingY="6"
      borderTopWidth="1px"
    >
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
    </Flex>
  );
}
