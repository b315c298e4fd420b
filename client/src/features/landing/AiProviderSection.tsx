import { Card, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Section } from './Section.tsx';

const PROVIDER_OPTIONS = ['ownService', 'ownKey'] as const;

export function AiProviderSection() {
  const { t } = useTranslation();
  return (
    <Section id="ai-provider" title={t('landing.ai.title')} subtitle={t('landing.ai.subtitle')}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        {PROVIDER_OPTIONS.map((option) => (
          <Card.Root key={option}>
            <Card.Body gap="2">
              <Heading as="h3" size="lg">
                {t(`landing.ai.${option}.title`)}
              </Heading>
              <Text fontWeight="semibold" color="brand.fg">
                {t(`landing.ai.${option}.price`)}
              </Text>
              <Text color="fg.muted">{t(`landing.ai.${option}.body`)}</Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Section>
  );
}
