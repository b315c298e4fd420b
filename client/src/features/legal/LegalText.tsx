import { Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '../../ui/PublicPage.tsx';

const SECTIONS = ['collected', 'use', 'sharing', 'billing', 'rights', 'contact'] as const;

/** A legal page: its sections' headings and texts are i18n keys under `legal.<page>`. */
export function LegalText({ page }: { page: 'privacy' | 'terms' }) {
  const { t } = useTranslation();
  return (
    <PublicPage title={t(`legal.${page}.title`)}>
      <Stack gap="6">
        <Text color="fg.muted">{t(`legal.${page}.intro`)}</Text>
        {SECTIONS.map((section) => (
          <Stack as="section" key={section} gap="2">
            <Heading as="h2" size="lg">
              {t(`legal.${page}.${section}.title`)}
            </Heading>
            <Text>{t(`legal.${page}.${section}.body`)}</Text>
          </Stack>
        ))}
      </Stack>
    </PublicPage>
  );
}
