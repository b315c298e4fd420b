import { Badge, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Table } from '../../ui/chakra/Table.ts';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { useSettledRefetch } from '../../ui/useListRefetch.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../ui/ListFilters.tsx';
import { FilterSelect } from '../../ui/SelectField.tsx';
import { useFormat } from '../../i18n/format.ts';
import { graphql, usePaginationFragment } from 'react-relay';
import { API_PREFIX } from '../../session/api.ts';
import { downloadAuthorized } from '../../session/download.ts';
import { toaster } from '../../ui/toaster.tsx';
import type { SystemEventListFragment$key } from './__generated__/SystemEventListFragment.graphql.ts';
import type { EventLevel } from './__generated__/SystemEventListRefetchQuery.graphql.ts';

const PAGE_SIZE = 50;
export const LEVELS = ['info', 'success', 'warning', 'error'] as const satisfies readonly EventLevel[];
const COLUMNS = ['timestamp', 'level', 'category', 'event', 'details'] as const;
const LEVEL_COLORS: Record<string, string> = { info: 'gray', success: 'green', warning: 'orange', error: 'red' };

export interface EventFilters {
  level: EventLevel | '';
  category: string;
  search: string;
  from: string;
  to: string;
}

const DATE_BOUNDS = ['from', 'to'] as const;
const NO_FILTERS: EventFilters = { level: '', category: '', search: '', from: '', to: '' };

/** The filters as the API reads them: dates as whole UTC days, `to` included. */
export function eventFilterVariables(filters: EventFilters) {
  return {
    level: filters.level || null,
    category: filters.category || null,
    search: filters.search.trim() || null,
    from: filters.from ? `${filters.from}T00:00:00.000Z` : null,
    to: filters.to ? `${filters.to}T23:59:59.999Z` : null,
  };
}

/** GET /admin/analytics/events/export with the same filters: system-events.csv. */
export function eventsExportUrl(filters: EventFilters): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(eventFilterVariables(filters))) if (value) query.set(key, value);
  return `${API_PREFIX}/admin/analytics/events/export${query.size > 0 ? `?${query}` : ''}`;
}

export function SystemEventList({ admin, categories }: { admin: SystemEventListFragment$key; categories: readonly string[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  // Events recorded under a category the client does not know yet show its code.
  const categoryName = (category: string) => t(`adminSystemLogs.categories.${category}`, { defaultValue: category });
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment SystemEventListFragment on Admin
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 50 }
        cursor: { type: "String" }
        level: { type: "EventLevel" }
        category: { type: "String" }
        search: { type: "String" }
        from: { type: "DateTime" }
        to: { type: "DateTime" }
      )
      @refetchable(queryName: "SystemEventListRefetchQuery") {
        events(first: $count, after: $cursor, level: $level, category: $category, search: $search, from: $from, to: $to)
          @connection(key: "SystemEventList_events") {
          totalCount
          edges {
            node {
              id
              timestamp
              level
              category
              event
              details
            }
          }
        }
      }
    `,
    admin,
  );
  const [filters, setFilters] = useState<EventFilters>(NO_FILTERS);
  const [exporting, setExporting] = useState(false);
  useSettledRefetch({ ...eventFilterVariables(filters), count: PAGE_SIZE }, refetch);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadAuthorized(eventsExportUrl(filters), 'system-events.csv', t('adminSystemLogs.exportFailed'));
    } catch {
      toaster.create({ type: 'error', title: t('adminSystemLogs.exportFailed') });
    } finally {
      setExporting(false);
    }
  }

  // The value is read now: React clears currentTarget once the handler returns, before the updater runs.
  const set = (key: keyof EventFilters) => (value: string) => setFilters((current) => ({ ...current, [key]: value }) as EventFilters);
  const rows = data.events.edges;

  return (
    <Stack gap="4" minWidth="0">
      <HStack gap="3" wrap="wrap" align="end">
        <SearchBox label={t('adminSystemLogs.search')} value={filters.search} onChange={set('search')} maxWidth="xs" />
        <FilterSelect
          label={t('adminSystemLogs.level')}
          value={filters.level}
          options={[
            { value: '', label: t('adminSystemLogs.allLevels') },
            ...LEVELS.map((level) => ({ value: level, label: t(`adminSystemLogs.levels.${level}`) })),
          ]}
          onChange={set('level')}
        />
        <FilterSelect
          label={t('adminSystemLogs.category')}
          value={filters.category}
          options={[
            { value: '', label: t('adminSystemLogs.allCategories') },
            ...categories.map((category) => ({ value: category, label: categoryName(category) })),
          ]}
          onChange={set('category')}
        />
        {DATE_BOUNDS.map((bound) => (
          <Input
            key={bound}
            type="date"
            width="auto"
            aria-label={t(`adminSystemLogs.${bound}`)}
            value={filters[bound]}
            onChange={(event) => set(bound)(event.currentTarget.value)}
          />
        ))}
        <Button variant="outline" loading={exporting} onClick={() => void exportCsv()}>
          {t('adminSystemLogs.export')}
        </Button>
      </HStack>
      <Text color="fg.muted" fontSize="sm">
        {t('adminSystemLogs.count', { count: data.events.totalCount })}
      </Text>
      <PagedTable
        columns={COLUMNS.map((column) => ({ key: column, label: t(`adminSystemLogs.columns.${column}`) }))}
        minWidth="48rem"
        emptyText={rows.length === 0 ? t('adminSystemLogs.empty') : null}
        page={{ hasNext, isLoadingNext, loadNext }}
        pageSize={PAGE_SIZE}
      >
        {rows.map(({ node }) => (
          <Table.Row key={node.id}>
            <Table.Cell whiteSpace="nowrap">{format(node.timestamp, 'timestamp')}</Table.Cell>
            <Table.Cell>
              <Badge colorPalette={LEVEL_COLORS[node.level] ?? 'gray'}>{t(`adminSystemLogs.levels.${node.level}`)}</Badge>
            </Table.Cell>
            <Table.Cell>{categoryName(node.category)}</Table.Cell>
            <Table.Cell overflowWrap="anywhere">{node.event}</Table.Cell>
            <Table.Cell overflowWrap="anywhere" color="fg.muted">
              {node.details}
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
    </Stack>
  );
}
