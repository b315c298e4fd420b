import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';

const PERIODS = ['month', 'week', 'year'] as const;

/**
 * A plan's price as its card says it: per month, week or year, else the bare amount (a credit
 * pack). `perKey` holds the feature's own `month`/`week`/`year` strings.
 */
export function usePlanPriceLabel(perKey: string) {
  const { t } = useTranslation();
  const format = useFormat();
  return ({ price, currency, billingPeriod }: { price: number; currency: string; billingPeriod: string | null | undefined }) => {
    const period = PERIODS.find((candidate) => candidate === billingPeriod);
    return period ? t(`${perKey}.${period}`, { price, currency }) : format(price, 'money', { currency });
  };
}

/** A plan card's price, large, and its description under it (the price list's and the customer's cards alike). */
export function PlanPrice({ price, description }: { price: string; description: string | null | undefined }) {
  return (
    <>
      <Text fontSize="2xl" fontWeight="bold">
        {price}
      </Text>
      {description && (
        <Text fontSize="sm" color="fg.muted">
          {description}
        </Text>
      )}
    </>
  );
}

/** A titled section of plan cards in a grid, or the line that says there are none on sale. */
export function PlanGrid({
  titleId,
  title,
  emptyText,
  children,
}: {
  titleId: string;
  title: string;
  /** Shown instead of the grid when there are no plans; none while there are. */
  emptyText: string | null;
  children: ReactNode;
}) {
  return (
    <Stack as="section" aria-labelledby={titleId} gap="4">
      <Heading as="h2" size="lg" id={titleId}>
        {title}
      </Heading>
      {emptyText !== null ? (
        <Text color="fg.muted">{emptyText}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {children}
        </SimpleGrid>
      )}
    </Stack>
  );
}
