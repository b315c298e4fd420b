import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { graphql, useFragment } from 'react-relay';
import { StatCard, type StatTone } from '../../ui/StatCard.tsx';
import type { AdminOverviewStatsFragment$key } from './__generated__/AdminOverviewStatsFragment.graphql.ts';

/** The server sends changes ready to show ("+12.5%", "-3.0%", "+∞%"); only their sign matters here. */
export function toneOfChange(change: string): StatTone {
  if (change.trim().startsWith('-')) return 'negative';
  if (/^\+?0+(\.0+)?%$/.test(change.trim())) return 'neutral';
  return 'positive';
}

export function AdminOverviewStats({ overview }: { overview: AdminOverviewStatsFragment$key }) {
  const { t } = useTranslation();
  const format = useFormat();
  const data = useFragment(
    graphql`
      fragment AdminOverviewStatsFragment on AdminOverview {
        totalUsers
        usersChange
        activeBots
        botsChange
        revenue
        revenueChange
        conversations
        conversationsChange
      }
    `,
    overview,
  );
  const cards = [
    { key: 'totalUsers', value: format(data.totalUsers, 'number'), change: data.usersChange },
    { key: 'activeBots', value: format(data.activeBots, 'number'), change: data.botsChange },
    { key: 'revenue', value: format(data.revenue, 'money'), change: data.revenueChange },
    { key: 'conversations', value: format(data.conversations, 'number'), change: data.conversationsChange },
  ] as const;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
      {cards.map(({ key, value, change }) => (
        <StatCard
          key={key}
          label={t(`adminOverview.stats.${key}`)}
          value={value}
          // "+∞%" (nothing last month) reads as the customer's dashboard says it: new this month.
          note={change === '+∞%' ? t('adminOverview.newThisMonth') : t('adminOverview.fromLastMonth', { change })}
          tone={toneOfChange(change)}
        />
      ))}
    </SimpleGrid>
  );
}
