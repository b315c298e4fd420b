import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { ListCard } from '../../ui/ListCard.tsx';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { graphql, useFragment } from 'react-relay';
import type { RecentActivityFragment$key } from './__generated__/RecentActivityFragment.graphql.ts';
import { activityText } from './activityText.ts';

const LEVEL_COLORS: Record<string, string> = { error: 'red', warning: 'orange', success: 'green', info: 'blue' };

export function RecentActivity({ dashboard }: { dashboard: RecentActivityFragment$key }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { recentActivity } = useFragment(
    graphql`
      fragment RecentActivityFragment on Dashboard {
        recentActivity {
          event
          level
          timestamp
        }
      }
    `,
    dashboard,
  );
  return (
    <ListCard title={t('dashboard.recentActivity')} empty={recentActivity.length === 0} emptyText={t('dashboard.noActivity')}>
      <Stack as="ul" gap="3" listStyleType="none" margin="0" padding="0">
        {recentActivity.map((activity, index) => (
          // Events are listed newest first and have no id of their own in the schema.
          <HStack as="li" key={`${activity.timestamp as string}-${index}`} justify="space-between" align="start" gap="3">
            <Stack gap="0">
              <Text>{activityText(activity.event, t)}</Text>
              <Text fontSize="xs" color="fg.muted">
                {format(activity.timestamp, 'dateTime')}
              </Text>
            </Stack>
            <Badge colorPalette={LEVEL_COLORS[activity.level] ?? 'gray'}>{t(`dashboard.levels.${activity.level}`, activity.level)}</Badge>
          </HStack>
        ))}
      </Stack>
    </ListCard>
  );
}
