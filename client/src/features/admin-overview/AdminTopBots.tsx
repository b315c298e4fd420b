import { Stack, Text } from '@chakra-ui/react';
import { ListCard, RankedList } from '../../ui/ListCard.tsx';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { AdminTopBotsFragment$key } from './__generated__/AdminTopBotsFragment.graphql.ts';

export function AdminTopBots({ overview }: { overview: AdminTopBotsFragment$key }) {
  const { t } = useTranslation();
  const { topBots } = useFragment(
    graphql`
      fragment AdminTopBotsFragment on AdminOverview {
        topBots {
          name
          owner
          conversations
        }
      }
    `,
    overview,
  );
  return (
    <ListCard title={t('adminOverview.topBots')} empty={topBots.length === 0} emptyText={t('adminOverview.noBots')}>
      <RankedList
        entries={topBots.map((bot, index) => ({
          // Top bots carry no id: the rank (with the name) is their identity in this list.
          key: `${index}-${bot.name}`,
          name: (
            <Stack gap="0" minWidth="0">
              <Text fontWeight="medium">{bot.name}</Text>
              <Text fontSize="sm" color="fg.muted">
                {t('adminOverview.owner', { owner: bot.owner })}
              </Text>
            </Stack>
          ),
          figure: t('adminOverview.conversations', { count: bot.conversations }),
        }))}
      />
    </ListCard>
  );
}
