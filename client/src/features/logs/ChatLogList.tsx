import { useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment } from 'react-relay';
import { ExportableList } from '../../ui/ExportableList.tsx';
import type { ChatLogFiltersFragment$key } from './__generated__/ChatLogFiltersFragment.graphql.ts';
import type { ChatLogListFragment$key } from './__generated__/ChatLogListFragment.graphql.ts';
import { ChatLogEntry } from './ChatLogEntry.tsx';
import { ChatLogFilters, type LogFilters } from './ChatLogFilters.tsx';
import { downloadChatLogsCsv } from './exportChatLogs.ts';

const LOGS_PAGE_SIZE = 20;

export function ChatLogList({ viewer, botChoices }: { viewer: ChatLogListFragment$key; botChoices: ChatLogFiltersFragment$key }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<LogFilters>({ search: '', botId: '', dateRange: 'all' });
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

  const entries = data.chatLogs.edges;
  const filtered = filters.search.trim() !== '' || filters.botId !== '' || filters.dateRange !== 'all';
  return (
    <ExportableList
      filters={<ChatLogFilters viewer={botChoices} filters={filters} onChange={applyFilters} />}
      download={() => downloadChatLogsCsv(filters)}
      isEmpty={entries.length === 0}
      emptyText={t(filtered ? 'logs.empty' : 'logs.none')}
      refreshing={filtering}
      hasNext={hasNext}
      loadingNext={isLoadingNext}
      onLoadMore={() => loadNext(LOGS_PAGE_SIZE)}
    >
      {entries.map(({ node }) => (
        <ChatLogEntry key={node.id} log={node} />
      ))}
    </ExportableList>
  );
}
