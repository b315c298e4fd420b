import { HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../ui/ListFilters.tsx';
import { FilterSelect } from '../../ui/SelectField.tsx';
import { graphql, useFragment } from 'react-relay';
import { BotFilterSelect } from '../../ui/BotFilterSelect.tsx';
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
  const botChoices = useFragment(
    graphql`
      fragment ChatLogFiltersFragment on User {
        ...BotFilterSelectFragment
      }
    `,
    viewer,
  );
  return (
    <HStack gap="3" wrap="wrap">
      {searchable && <SearchBox label={t('logs.search')} value={filters.search} onChange={(search) => onChange({ ...filters, search })} />}
      <BotFilterSelect
        viewer={botChoices}
        label={t('logs.botFilter')}
        allLabel={t('logs.allBots')}
        value={filters.botId}
        onChange={(botId) => onChange({ ...filters, botId })}
      />
      <FilterSelect
        label={t('logs.dateFilter')}
        value={filters.dateRange}
        options={DATE_RANGES.map((range) => ({ value: range, label: t(`logs.dateRanges.${range}`) }))}
        onChange={(dateRange) => onChange({ ...filters, dateRange })}
      />
    </HStack>
  );
}
