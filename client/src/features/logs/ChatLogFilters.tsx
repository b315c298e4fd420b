import { HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { ChatLogDateRange } from './__generated__/ChatLogListRefetchQuery.graphql.ts';
import type { ChatLogFiltersFragment$key } from './__generated__/ChatLogFiltersFragment.graphql.ts';

export const DATE_RANGES = ['all', 'today', 'yesterday', 'last_week', 'last_month'] as const satisfies readonly ChatLogDateRange[];

export interface LogFilters {
  search: string;
  botId: string;
  dateRange: ChatLogDateRange;
}

export function ChatLogFilters({
  viewer,
  filters,
  onChange,
  searchable = true,
}: {
  viewer: ChatLogFiltersFragment$key;
  filters: LogFilters;
  onChange: (filters: LogFilters) => void;
  /** Without the text search (a list that does not search text). */
  searchable?: boolean;
}) {
  const { t } = useTranslation();
  const { botChoices } = useFragment(
    graphql`
      fragment ChatLogFiltersFragment on User {
        botChoices: bots(first: 100) {
          edges {
            node {
              id
              name
            }
          }
        }
      }
    `,
    viewer,
  );
  return (
    <HStack gap="3" wrap="wrap">
      {searchable && (
        <Input
          type="search"
          maxWidth="sm"
          placeholder={t('logs.search')}
          aria-label={t('logs.search')}
          value={filters.search}
          onChange={(event) => onChange({ ...filters, search: event.currentTarget.value })}
        />
      )}
      <NativeSelect.Root width="auto">
        <NativeSelect.Field
          aria-label={t('logs.botFilter')}
          value={filters.botId}
          onChange={(event) => onChange({ ...filters, botId: event.currentTarget.value })}
        >
          <option value="">{t('logs.allBots')}</option>
          {botChoices.edges.map(({ node }) => (
            <option key={node.id} value={node.id}>
              {node.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <NativeSelect.Root width="auto">
        <NativeSelect.Field
          aria-label={t('logs.dateFilter')}
          value={filters.dateRange}
          onChange={(event) => onChange({ ...filters, dateRange: event.currentTarget.value as ChatLogDateRange })}
        >
          {DATE_RANGES.map((range) => (
            <option key={range} value={range}>
              {t(`logs.dateRanges.${range}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}
