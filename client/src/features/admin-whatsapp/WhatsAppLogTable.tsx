import { Stack } from '@chakra-ui/react';
import { Table } from '../../ui/chakra/Table.ts';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { useSettledRefetch } from '../../ui/useListRefetch.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../ui/ListFilters.tsx';
import { useFormat } from '../../i18n/format.ts';
import { graphql, usePaginationFragment } from 'react-relay';
import type { WhatsAppLogTableFragment$key } from './__generated__/WhatsAppLogTableFragment.graphql.ts';

const PAGE_SIZE = 50;
const COLUMNS = ['timestamp', 'phone', 'userName', 'userEmail', 'botName', 'message', 'response'] as const;

/** Messages received on WhatsApp with the bots' answers, newest first, searchable. */
export function WhatsAppLogTable({ admin }: { admin: WhatsAppLogTableFragment$key }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment WhatsAppLogTableFragment on Admin
      @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }, search: { type: "String" })
      @refetchable(queryName: "WhatsAppLogTableRefetchQuery") {
        whatsAppLogs(first: $count, after: $cursor, search: $search) @connection(key: "WhatsAppLogTable_whatsAppLogs") {
          totalCount
          edges {
            node {
              id
              timestamp
              phone
              userName
              userEmail
              botName
              message
              response
            }
          }
        }
      }
    `,
    admin,
  );
  const [search, setSearch] = useState('');
  useSettledRefetch({ search: search.trim() || null, count: PAGE_SIZE }, refetch);

  const rows = data.whatsAppLogs.edges;
  return (
    <Stack gap="4" minWidth="0">
      <SearchBox label={t('adminWhatsApp.search')} value={search} onChange={setSearch} />
      <PagedTable
        columns={COLUMNS.map((column) => ({ key: column, label: t(`adminWhatsApp.columns.${column}`) }))}
        minWidth="60rem"
        emptyText={rows.length === 0 ? t(search.trim() ? 'adminWhatsApp.noMatch' : 'adminWhatsApp.empty') : null}
        page={{ hasNext, isLoadingNext, loadNext }}
        pageSize={PAGE_SIZE}
      >
        {rows.map(({ node }) => (
          <Table.Row key={node.id}>
            <Table.Cell whiteSpace="nowrap">{format(node.timestamp, 'timestamp')}</Table.Cell>
            <Table.Cell>{node.phone}</Table.Cell>
            <Table.Cell>{node.userName}</Table.Cell>
            <Table.Cell>{node.userEmail}</Table.Cell>
            <Table.Cell>{node.botName}</Table.Cell>
            <Table.Cell overflowWrap="anywhere">{node.message}</Table.Cell>
            <Table.Cell overflowWrap="anywhere" color={node.response ? undefined : 'fg.muted'}>
              {node.response || t('adminWhatsApp.unanswered')}
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
    </Stack>
  );
}
