import { Button, Center, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment } from 'react-relay';
import { toaster } from '../../ui/toaster.tsx';
import type { ChatLogFiltersFragment$key } from './__generated__/ChatLogFiltersFragment.graphql.ts';
import type { ChatLogListFragment$key } from './__generated__/ChatLogListFragment.graphql.ts';
import { ChatLogEntry } from './ChatLogEntry.tsx';
import { ChatLogFilters, type LogFilters } from './ChatLogFilters.tsx';
import { downloadChatLogsCsv } from './exportChatLogs.ts';

const LOGS_PAGE_SIZE = 20;

export function ChatLogList({ viewer, botChoices }: { viewer: ChatLogListFragment$key; botChoices: ChatLogFiltersFragment$key }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<LogFilters>({ search: '', botId: '', dateRange: 'all' });
  const [exporting, setExporting] = useState(false);
  const [filtering, startFiltering] = useTransition();
  const { data, refetch, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment ChatLogListFragment on User
      @refetchable(queryName: "ChatLogListRefetchQuery")
      @argumentDefinitions(
        first: { type: "Int", defaultValue: 20 }
        after: { type: "String" }
        search: { type: "String" }
        botId: { type: "ID" }
        dateRange: { type: "ChatLogDateRange" }
      ) {
        chatLogs(first: $first, after: $after, search: $search, botId: $botId, dateRange: $dateRange)
          @connection(key: "ChatLogList_chatLogs", filters: ["search", "botId", "dateRange"]) {
          edges {
            node {
              id
              ...ChatLogEntryFragment
            }
          }
        }
      }
    `,
    viewer,
  );

  function applyFilters(next: LogFilters) {
    setFilters(next);
    startFiltering(() => {
      refetch(
        { search: next.search.trim() || null, botId: next.botId || null, dateRange: next.dateRange },
        { fetchPolicy: 'store-and-network' },
      );
    });
  }

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadChatLogsCsv(filters);
    } catch (error) {
      toaster.create({ type: 'error', title: t('logs.exportFailed'), description: error instanceof Error ? error.message : undefined });
    }
    setExporting(false);
  }

  const entries = data.chatLogs.edges;
  const filtered = filters.search.trim() !== '' || filters.botId !== '' || filters.dateRange !== 'all';
  return (
    <Stack gap="5">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <ChatLogFilters viewer={botChoices} filters={filters} onChange={applyFilters} />
        <Button variant="outline" loading={exporting} disabled={entries.length === 0} onClick={() => void exportCsv()}>
          {t('logs.export')}
        </Button>
      </HStack>
      {entries.length === 0 ? (
        <Center paddingY="16">
          <Text color="fg.muted">{t(filtered ? 'logs.empty' : 'logs.none')}</Text>
        </Center>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" margin="0" padding="0" opacity={filtering ? 0.6 : 1} aria-busy={filtering}>
          {entries.map(({ node }) => (
            <ChatLogEntry key={node.id} log={node} />
          ))}
        </Stack>
      )}
      {hasNext && (
        <Button alignSelf="center" variant="outline" loading={isLoadingNext} onClick={() => loadNext(LOGS_PAGE_SIZE)}>
          {t('logs.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
