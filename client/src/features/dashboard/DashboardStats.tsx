import { Card, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { DashboardStatsFragment$key } from './__generated__/DashboardStatsFragment.graphql.ts';

function formatChange(change: number): string {
  return `${change > 0 ? '+' : ''}${change.toFixed(1)}%`;
}

function StatCard({ label, value, change }: { label: string; value: string; change: number }) {
  const { t } = useTranslation();
  return (
    <Card.Root>
      <Card.Body gap="1">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="3xl" fontWeight="bold">
          {value}
        </Text>
        <Text fontSize="sm" color={change < 0 ? 'red.fg' : 'green.fg'}>
          {t('dashboard.fromLastMonth', { change: formatChange(change) })}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

export function DashboardStats({ dashboard }: { dashboard: DashboardStatsFragment$key }) {
  const { t, i18n } = useTranslation();
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
      <StatCard label={t('dashboard.totalBots')} value={number.format(data.totalBots)} change={data.botsChange} />
      <StatCard
        label={t('dashboard.totalConversations')}
        value={number.format(data.totalConversations)}
        change={data.conversationsChange}
      />
      <StatCard
        label={t('dashboard.avgResponseTime')}
        value={t('dashboard.seconds', { value: data.avgResponseTime.toFixed(1) })}
        change={data.avgResponseTimeChange}
      />
    </SimpleGrid>
  );
}
