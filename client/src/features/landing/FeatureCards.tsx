import { Card, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Section } from './Section.tsx';

const FEATURES = ['fast', 'swissSecurity', 'zeroCarbon', 'ethicalAi'] as const;

export function FeatureCards() {
  const { t } = useTranslation();
  return (
    <Section id="features" title={t('landing.features.title')}>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
        {FEATURES.map((feature) => (
          <Card.Root key={feature}>
            <Card.Body gap="2">
              <Heading as="h3" size="md">
                {t(`landing.features.${feature}.title`)}
              </Heading>
              <Text color="fg.muted">{t(`landing.features.${feature}.body`)}</Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Section>
  );
}
