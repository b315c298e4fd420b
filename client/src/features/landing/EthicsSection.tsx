import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Section } from './Section.tsx';

const COMMITMENTS = ['swissHosted', 'carbonNegative', 'transparentAi'] as const;

export function EthicsSection() {
  const { t } = useTranslation();
  return (
    <Section id="ethics" title={t('landing.ethics.title')} subtitle={t('landing.ethics.subtitle')} muted>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        {COMMITMENTS.map((commitment) => (
          <Stack key={commitment} gap="2" textAlign="center">
            <Heading as="h3" size="md">
              {t(`landing.ethics.${commitment}.title`)}
            </Heading>
            <Text color="fg.muted">{t(`landing.ethics.${commitment}.body`)}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Section>
  );
}
