import { Text } from '@chakra-ui/react';
import { ListCard, RankedList } from '../../ui/ListCard.tsx';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { TopBotsFragment$key } from './__generated__/TopBotsFragment.graphql.ts';

export function TopBots({ dashboard }: { dashboard: TopBotsFragment$key }) {
  const { t } = useTranslation();
  const { topBots } = useFragment(
    graphql`
      fragment TopBotsFragment on Dashboard {
        topBots {
          bot
          name
          conversations
        }
      }
    `,
    dashboard,
  );
  return (
    <ListCard title={t('dashboard.topBots')} empty={topBots.length === 0} emptyText={t('dashboard.noBots')}>
      <RankedList
        entries={topBots.map((bot) => ({
          key: bot.bot,
          name: <Text fontWeight="medium">{bot.name}</Text>,
          figure: t('dashboard.conversations', { count: bot.conversations }),
        }))}
      />
    </ListCard>
  );
}
