import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatPercentChange } from '../../i18n/format.ts';
import { graphql, useFragment } from 'react-relay';
import { StatCard } from '../../ui/StatCard.tsx';
import type { DashboardStatsFragment$key } from './__generated__/DashboardStatsFragment.graphql.ts';

export function DashboardStats({ dashboard }: { dashboard: DashboardStatsFragment$key }) {
  const { t, i18n } = useTranslation();
  // No change is neutral; growth from nothing has no percentage, it is new this month.
  const changeNote = (change: number | null | undefined) => ({
    note:
      change === null || change === undefined
        ? t('dashboard.newThisMonth')
        : t('dashboard.fromLastMonth', { change: formatPercentChange(change, i18n.language) }),
    tone:
      change === 0
        ? ('neutral' as const)
        : change !== null && change !== undefined && change < 0
          ? ('negative' as const)
          : ('positive' as const),
  });
  const data = useFragment(
    graphql`
      fragment DashboardStatsFragment on Dashboard {
        totalBots
        botsChange
        totalConversations
        conversationsChange
        avgResponseTime
        avgResponseTimeChange
      }
    `,
    dashboard,
  );
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
      <StatCard label={t('dashboard.totalBots')} value={number.format(data.totalBots)} {...changeNote(data.botsChange)} />
      <StatCard
        label={t('dashboard.totalConversations')}
        value={number.format(data.totalConversations)}
        {...changeNote(data.conversationsChange)}
      />
      <StatCard
        label={t('dashboard.avgResponseTime')}
        value={t('dashboard.seconds', { value: formatDecimal(data.avgResponseTime, i18n.language) })}
        {...changeNote(data.avgResponseTimeChange)}
      />
    </SimpleGrid>
  );
}
