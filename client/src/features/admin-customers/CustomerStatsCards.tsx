import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { graphql, useFragment } from 'react-relay';
import { StatCard } from '../../ui/StatCard.tsx';
import type { CustomerStatsCardsFragment$key } from './__generated__/CustomerStatsCardsFragment.graphql.ts';

const STATS = ['total', 'active', 'trial', 'suspended', 'inactive'] as const;

/** Customers per status. The row actions' answers carry these figures too, so the cards follow them. */
export function CustomerStatsCards({ admin }: { admin: CustomerStatsCardsFragment$key }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { customerStats } = useFragment(
    graphql`
      fragment CustomerStatsCardsFragment on Admin {
        customerStats {
          total
          active
          trial
          suspended
          inactive
        }
      }
    `,
    admin,
  );
  return (
    <SimpleGrid columns={{ base: 2, md: 5 }} gap="4">
      {STATS.map((stat) => (
        <StatCard key={stat} label={t(`adminCustomers.stats.${stat}`)} value={format(customerStats[stat], 'number')} />
      ))}
    </SimpleGrid>
  );
}
