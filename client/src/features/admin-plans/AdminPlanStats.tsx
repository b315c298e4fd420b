import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { graphql, useFragment } from 'react-relay';
import { StatCard } from '../../ui/StatCard.tsx';
import type { AdminPlanStatsFragment$key } from './__generated__/AdminPlanStatsFragment.graphql.ts';

/** The price list in figures: plans (and how many are on sale), subscribers, this month's revenue. */
export function AdminPlanStats({ admin }: { admin: AdminPlanStatsFragment$key }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { planStats } = useFragment(
    graphql`
      fragment AdminPlanStatsFragment on Admin {
        planStats {
          totalPlans
          activePlans
          subscribers
          monthlyRevenue
        }
      }
    `,
    admin,
  );
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
      <StatCard
        label={t('adminPlans.stats.totalPlans')}
        value={format(planStats.totalPlans, 'number')}
        note={t('adminPlans.stats.activePlans', { count: planStats.activePlans })}
      />
      <StatCard label={t('adminPlans.stats.subscribers')} value={format(planStats.subscribers, 'number')} />
      <StatCard label={t('adminPlans.stats.monthlyRevenue')} value={format(planStats.monthlyRevenue, 'money')} />
    </SimpleGrid>
  );
}
