import { Box, Container, Flex, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './LinkButton.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

/** The frame of the public pages that are not the landing: brand, language, back home. */
export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box minHeight="100vh" bg="bg.subtle">
      <Flex as="header" justify="space-between" align="center" paddingX="6" paddingY="3" bg="bg" borderBottomWidth="1px">
        <LinkButton to="/" variant="ghost" fontWeight="bold">
          {t('brand.name')}
        </LinkButton>
        <LanguageSwitcher />
      </Flex>
      <Container as="main" maxWidth="3xl" paddingY="10">
        <Heading as="h1" size="2xl" marginBottom="6">
          {title}
        </Heading>
        {children}
      </Container>
    </Box>
  );
}
