import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment } from 'react-relay';
import { ExportableList } from '../../ui/ExportableList.tsx';
import { useListFilters } from '../../ui/useListRefetch.ts';
import type { ChatLogFiltersFragment$key } from './__generated__/ChatLogFiltersFragment.graphql.ts';
import type { ChatLogListFragment$key } from './__generated__/ChatLogListFragment.graphql.ts';
import { ChatLogEntry } from './ChatLogEntry.tsx';
import { ChatLogFilters, type LogFilters } from './ChatLogFilters.tsx';
import { downloadChatLogsCsv } from './exportChatLogs.ts';

const LOGS_PAGE_SIZE = 20;

export function ChatLogList({ viewer, botChoices }: { viewer: ChatLogListFragment$key; botChoices: ChatLogFiltersFragment$key }) {
  const { t } = useTranslation();
  const pagination = usePaginationFragment(
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

  const { filters, applyFilters, filtering } = useListFilters<LogFilters>(
    { search: '', botId: '', dateRange: 'all' },
    pagination.refetch,
    (next) => ({ search: next.search.trim() || null, botId: next.botId || null, dateRange: next.dateRange }),
  );

  const entries = pagination.data.chatLogs.edges;
  const filtered = filters.search.trim() !== '' || filters.botId !== '' || filters.dateRange !== 'all';
  return (
    <ExportableList
      filters={<ChatLogFilters viewer={botChoices} filters={filters} onChange={applyFilters} />}
      download={() => downloadChatLogsCsv(filters)}
      isEmpty={entries.length === 0}
      emptyText={t(filtered ? 'logs.empty' : 'logs.none')}
      refreshing={filtering}
      page={pagination}
      pageSize={LOGS_PAGE_SIZE}
    >
      {entries.map(({ node }) => (
        <ChatLogEntry key={node.id} log={node} fixable />
      ))}
    </ExportableList>
  );
}
