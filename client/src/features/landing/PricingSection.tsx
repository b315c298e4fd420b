import { Badge, Box, Button, Card, Heading, List, SimpleGrid, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link as RouterLink } from 'react-router';
import { databaseIdOf } from '../../relay/globalId.ts';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import type { PricingSectionQuery } from './__generated__/PricingSectionQuery.graphql.ts';
import { signUpPathFor } from './links.ts';
import { Section } from './Section.tsx';

/** The plans on sale, as the admin manages them (names and features in the visitor's language). */
export type PricingQueryRef = PreloadedQuery<PricingSectionQuery>;

/** The plan a `?plan=` names (its id, as the landing links it, or its name, as older links do), as the server reads it. */
export function planNamed<Plan extends { id: string; name: string }>(plans: readonly Plan[], wanted: string | null): Plan | null {
  const asked = wanted?.trim().toLowerCase();
  if (!asked) return null;
  return plans.find((plan) => databaseIdOf(plan.id).toLowerCase() === asked || plan.name.trim().toLowerCase() === asked) ?? null;
}

export const pricingQuery = graphql`
  query PricingSectionQuery {
    paymentPlans(type: subscription) {
      id
      name
      price
      currency
      billingPeriod
      features
      isPopular
    }
  }
`;

function PlanCards({ queryRef }: { queryRef: PricingQueryRef }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { paymentPlans } = usePreloadedQuery<PricingSectionQuery>(pricingQuery, queryRef);
  return (
    <SimpleGrid columns={{ base: 1, md: Math.min(3, Math.max(1, paymentPlans.length)) }} gap="6">
      {paymentPlans.map((plan) => (
        <Card.Root key={plan.id} borderColor={plan.isPopular ? 'brand.solid' : undefined} borderWidth={plan.isPopular ? '2px' : '1px'}>
          <Card.Header>
            {plan.isPopular && (
              <Badge colorPalette="brand" alignSelf="start">
                {t('landing.pricing.popular')}
              </Badge>
            )}
            <Heading as="h3" size="xl">
              {plan.name}
            </Heading>
            <Text>
              <Text as="span" fontSize="3xl" fontWeight="bold">
                {format(plan.price, 'money', { currency: plan.currency, maximumFractionDigits: Number.isInteger(plan.price) ? 0 : 2 })}
              </Text>{' '}
              {t(plan.billingPeriod === 'year' ? 'landing.pricing.perYear' : 'landing.pricing.perMonth')}
            </Text>
            <Text color="fg.muted" fontSize="sm">
              {t('landing.pricing.trial')}
            </Text>
          </Card.Header>
          <Card.Body>
            <List.Root gap="1" paddingStart="4">
              {plan.features.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List.Root>
          </Card.Body>
          <Card.Footer>
            <Button asChild width="full" colorPalette="brand" variant={plan.isPopular ? 'solid' : 'outline'}>
              <RouterLink to={signUpPathFor(databaseIdOf(plan.id))} aria-label={t('landing.pricing.chooseLabel', { plan: plan.name })}>
                {t('landing.pricing.choose')}
              </RouterLink>
            </Button>
          </Card.Footer>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

function PlanCardsLoading() {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" aria-busy="true">
      {[0, 1, 2].map((index) => (
        <Box key={index} height="22rem" borderRadius="l3" bg="bg.emphasized" />
      ))}
    </SimpleGrid>
  );
}

export function PricingSection({ queryRef }: { queryRef: PricingQueryRef }) {
  const { t } = useTranslation();
  return (
    <Section id="pricing" title={t('landing.pricing.title')} subtitle={t('landing.pricing.subtitle')} muted>
      <ErrorBoundary>
        <Suspense fallback={<PlanCardsLoading />}>
          <PlanCards queryRef={queryRef} />
        </Suspense>
      </ErrorBoundary>
    </Section>
  );
}
