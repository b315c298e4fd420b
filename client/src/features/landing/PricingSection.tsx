import { Badge, Button, Card, Heading, List, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { signUpPathFor } from './links.ts';
import { LANDING_PLANS } from './plans.ts';
import { Section } from './Section.tsx';

export function PricingSection() {
  const { t } = useTranslation();
  return (
    <Section id="pricing" title={t('landing.pricing.title')} subtitle={t('landing.pricing.subtitle')} muted>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        {LANDING_PLANS.map((plan) => (
          <Card.Root key={plan.id} borderColor={plan.popular ? 'brand.solid' : undefined} borderWidth={plan.popular ? '2px' : '1px'}>
            <Card.Header>
              {plan.popular && (
                <Badge colorPalette="brand" alignSelf="start">
                  {t('landing.pricing.popular')}
                </Badge>
              )}
              <Heading as="h3" size="xl">
                {t(`landing.pricing.plans.${plan.id}`)}
              </Heading>
              <Text>
                <Text as="span" fontSize="3xl" fontWeight="bold">
                  ${plan.price}
                </Text>{' '}
                {t('landing.pricing.perMonth')}
              </Text>
              <Text color="fg.muted" fontSize="sm">
                {t('landing.pricing.trial')}
              </Text>
            </Card.Header>
            <Card.Body>
              <List.Root gap="1" paddingStart="4">
                {plan.features.map((feature) => (
                  <List.Item key={feature}>{t(`landing.pricing.features.${feature}`)}</List.Item>
                ))}
              </List.Root>
            </Card.Body>
            <Card.Footer>
              <Button asChild width="full" colorPalette="brand" variant={plan.popular ? 'solid' : 'outline'}>
                <RouterLink
                  to={signUpPathFor(plan.id)}
                  aria-label={t('landing.pricing.chooseLabel', { plan: t(`landing.pricing.plans.${plan.id}`) })}
                >
                  {t('landing.pricing.choose')}
                </RouterLink>
              </Button>
            </Card.Footer>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Section>
  );
}
