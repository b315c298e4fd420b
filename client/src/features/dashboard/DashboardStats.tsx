import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { graphql, useFragment } from 'react-relay';
import { StatCard } from '../../ui/StatCard.tsx';
import type { DashboardStatsFragment$key } from './__generated__/DashboardStatsFragment.graphql.ts';

export function DashboardStats({ dashboard }: { dashboard: DashboardStatsFragment$key }) {
  const { t } = useTranslation();
  const format = useFormat();
  // No change is neutral; growth from nothing has no percentage, it is new this month.
  const changeNote = (change: number | null | undefined) => ({
    note: change === null || change === undefined ? t('dashboard.newThisMonth') : t('dashboard.fromLastMonth', { change }),
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
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
      <StatCard label={t('dashboard.totalBots')} value={format(data.totalBots, 'number')} {...changeNote(data.botsChange)} />
      <StatCard
        label={t('dashboard.totalConversations')}
        value={format(data.totalConversations, 'number')}
        {...changeNote(data.conversationsChange)}
      />
      <StatCard
        label={t('dashboard.avgResponseTime')}
        value={t('dashboard.seconds', { value: data.avgResponseTime })}
        {...changeNote(data.avgResponseTimeChange)}
      />
    </SimpleGrid>
  );
}
