import { Badge, Box, Button, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Table } from '../../ui/chakra/Table.ts';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment } from 'react-relay';
import { API_PREFIX } from '../../session/api.ts';
import { downloadAuthorized } from '../../session/download.ts';
import { toaster } from '../../ui/toaster.tsx';
import type { SystemEventListFragment$key } from './__generated__/SystemEventListFragment.graphql.ts';
import type { EventLevel } from './__generated__/SystemEventListRefetchQuery.graphql.ts';

const PAGE_SIZE = 50;
const SEARCH_DELAY_MS = 300;
export const LEVELS = ['info', 'success', 'warning', 'error'] as const satisfies readonly EventLevel[];
const LEVEL_COLORS: Record<string, string> = { info: 'gray', success: 'green', warning: 'orange', error: 'red' };

export interface EventFilters {
  level: EventLevel | '';
  category: string;
  search: string;
  from: string;
  to: string;
}

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
  const { t, i18n } = useTranslation();
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
  const applied = useRef(JSON.stringify(NO_FILTERS));

  useEffect(() => {
    const wanted = JSON.stringify(filters);
    if (wanted === applied.current) return undefined;
    const timer = setTimeout(() => {
      applied.current = wanted;
      startTransition(() => {
        refetch({ ...eventFilterVariables(filters), count: PAGE_SIZE }, { fetchPolicy: 'store-and-network' });
      });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filters, refetch]);

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
  const set = (key: keyof EventFilters) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setFilters((current) => ({ ...current, [key]: value }) as EventFilters);
  };
  const rows = data.events.edges;

  return (
    <Stack gap="4" minWidth="0">
      <HStack gap="3" wrap="wrap" align="end">
        <Input
          type="search"
          maxWidth="xs"
          aria-label={t('adminSystemLogs.search')}
          placeholder={t('adminSystemLogs.search')}
          value={filters.search}
          onChange={set('search')}
        />
        <NativeSelect.Root width="auto">
          <NativeSelect.Field aria-label={t('adminSystemLogs.level')} value={filters.level} onChange={set('level')}>
            <option value="">{t('adminSystemLogs.allLevels')}</option>
            {LEVELS.map((level) => (
              <option key={level} value={level}>
                {t(`adminSystemLogs.levels.${level}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root width="auto">
          <NativeSelect.Field aria-label={t('adminSystemLogs.category')} value={filters.category} onChange={set('category')}>
            <option value="">{t('adminSystemLogs.allCategories')}</option>
            {categories.map((category) => (
              <option key={category} value={category}>
                {categoryName(category)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input type="date" width="auto" aria-label={t('adminSystemLogs.from')} value={filters.from} onChange={set('from')} />
        <Input type="date" width="auto" aria-label={t('adminSystemLogs.to')} value={filters.to} onChange={set('to')} />
        <Button variant="outline" loading={exporting} onClick={() => void exportCsv()}>
          {t('adminSystemLogs.export')}
        </Button>
      </HStack>
      <Text color="fg.muted" fontSize="sm">
        {t('adminSystemLogs.count', { count: data.events.totalCount })}
      </Text>
      {rows.length === 0 ? (
        <Text color="fg.muted">{t('adminSystemLogs.empty')}</Text>
      ) : (
        <Box overflowX="auto" borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" minWidth="48rem">
            <Table.Header>
              <Table.Row>
                {['timestamp', 'level', 'category', 'event', 'details'].map((column) => (
                  <Table.ColumnHeader key={column}>{t(`adminSystemLogs.columns.${column}`)}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map(({ node }) => (
                <Table.Row key={node.id}>
                  <Table.Cell whiteSpace="nowrap">{new Date(String(node.timestamp)).toLocaleString(i18n.language)}</Table.Cell>
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
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {hasNext && (
        <Button alignSelf="center" variant="outline" loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>
          {t('adminSystemLogs.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
