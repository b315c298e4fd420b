import { Box, Button, Input, Stack, Text } from '@chakra-ui/react';
import { Table } from '../../ui/chakra/Table.ts';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment } from 'react-relay';
import type { WhatsAppLogTableFragment$key } from './__generated__/WhatsAppLogTableFragment.graphql.ts';

const PAGE_SIZE = 50;
const SEARCH_DELAY_MS = 300;
const COLUMNS = ['timestamp', 'phone', 'userName', 'userEmail', 'botName', 'message', 'response'] as const;

/** Messages received on WhatsApp with the bots' answers, newest first, searchable. */
export function WhatsAppLogTable({ admin }: { admin: WhatsAppLogTableFragment$key }) {
  const { t, i18n } = useTranslation();
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
  const applied = useRef('');

  useEffect(() => {
    const wanted = search.trim();
    if (wanted === applied.current) return undefined;
    const timer = setTimeout(() => {
      applied.current = wanted;
      startTransition(() => {
        refetch({ search: wanted || null, count: PAGE_SIZE }, { fetchPolicy: 'store-and-network' });
      });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, refetch]);

  const rows = data.whatsAppLogs.edges;
  return (
    <Stack gap="4" minWidth="0">
      <Input
        type="search"
        maxWidth="sm"
        aria-label={t('adminWhatsApp.search')}
        placeholder={t('adminWhatsApp.search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {rows.length === 0 ? (
        <Text color="fg.muted">{t(search.trim() ? 'adminWhatsApp.noMatch' : 'adminWhatsApp.empty')}</Text>
      ) : (
        <Box overflowX="auto" borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" minWidth="60rem">
            <Table.Header>
              <Table.Row>
                {COLUMNS.map((column) => (
                  <Table.ColumnHeader key={column}>{t(`adminWhatsApp.columns.${column}`)}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map(({ node }) => (
                <Table.Row key={node.id}>
                  <Table.Cell whiteSpace="nowrap">{new Date(String(node.timestamp)).toLocaleString(i18n.language)}</Table.Cell>
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
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {hasNext && (
        <Button alignSelf="center" variant="outline" loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>
          {t('adminWhatsApp.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
