import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { StatCard } from '../../ui/StatCard.tsx';
import type { AdminPlanStatsFragment$key } from './__generated__/AdminPlanStatsFragment.graphql.ts';

/** The price list in figures: plans (and how many are on sale), subscribers, this month's revenue. */
export function AdminPlanStats({ admin }: { admin: AdminPlanStatsFragment$key }) {
  const { t, i18n } = useTranslation();
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
  const number = new Intl.NumberFormat(i18n.language);
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
      <StatCard
        label={t('adminPlans.stats.totalPlans')}
        value={number.format(planStats.totalPlans)}
        note={t('adminPlans.stats.activePlans', { count: planStats.activePlans })}
      />
      <StatCard label={t('adminPlans.stats.subscribers')} value={number.format(planStats.subscribers)} />
      <StatCard label={t('adminPlans.stats.monthlyRevenue')} value={money.format(planStats.monthlyRevenue)} />
    </SimpleGrid>
  );
}
