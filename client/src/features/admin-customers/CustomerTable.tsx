import { Box, Button, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Table } from '../../ui/chakra/Table.ts';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment } from 'react-relay';
import type { CustomerStatusFilter } from './__generated__/CustomerTableRefetchQuery.graphql.ts';
import type { CustomerTableFragment$key } from './__generated__/CustomerTableFragment.graphql.ts';
import { CustomerPlanBadge, CustomerStatusBadge } from './CustomerBadges.tsx';
import { CustomerRowMenu } from './CustomerRowMenu.tsx';

const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;
export const STATUS_FILTERS = ['all', 'active', 'trial', 'suspended', 'inactive'] as const satisfies readonly CustomerStatusFilter[];

/** The customers, newest first: search by name or email, a status filter, and a menu of actions per row. */
export function CustomerTable({ admin }: { admin: CustomerTableFragment$key }) {
  const { t, i18n } = useTranslation();
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment CustomerTableFragment on Admin
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 20 }
        cursor: { type: "String" }
        search: { type: "String" }
        status: { type: "CustomerStatusFilter", defaultValue: all }
      )
      @refetchable(queryName: "CustomerTableRefetchQuery") {
        customers(first: $count, after: $cursor, search: $search, status: $status) @connection(key: "CustomerTable_customers") {
          totalCount
          edges {
            node {
              id
              name
              email
              plan
              status
              role
              joinDate
              lastActive
              bots
              conversations
              revenue
              ...CustomerRowMenuFragment
            }
          }
        }
      }
    `,
    admin,
  );
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<CustomerStatusFilter>('all');
  const applied = useRef({ search: '', status: 'all' });

  useEffect(() => {
    const wanted = { search: search.trim(), status };
    if (wanted.search === applied.current.search && wanted.status === applied.current.status) return undefined;
    const timer = setTimeout(() => {
      applied.current = wanted;
      startTransition(() => {
        refetch({ search: wanted.search || null, status, count: PAGE_SIZE }, { fetchPolicy: 'store-and-network' });
      });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, status, refetch]);

  const date = (value: unknown) => (value ? new Date(String(value)).toLocaleDateString(i18n.language) : t('adminCustomers.never'));
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });
  const rows = data.customers.edges;

  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap">
        <Input
          aria-label={t('adminCustomers.search')}
          placeholder={t('adminCustomers.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxWidth="sm"
          type="search"
        />
        <NativeSelect.Root width="auto">
          <NativeSelect.Field
            aria-label={t('adminCustomers.statusFilter')}
            value={status}
            onChange={(event) => setStatus(event.currentTarget.value as CustomerStatusFilter)}
          >
            {STATUS_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`adminCustomers.filter.${filter}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Text color="fg.muted" fontSize="sm">
          {t('adminCustomers.count', { count: data.customers.totalCount })}
        </Text>
      </HStack>
      {rows.length === 0 ? (
        <Text color="fg.muted">{t('adminCustomers.empty')}</Text>
      ) : (
        <Box overflowX="auto" borderWidth="1px" borderRadius="md" position="relative">
          <Table.Root size="sm" minWidth="56rem">
            <Table.Header>
              <Table.Row>
                {['name', 'plan', 'status', 'joined', 'lastActive', 'bots', 'conversations', 'revenue'].map((column) => (
                  <Table.ColumnHeader key={column}>{t(`adminCustomers.columns.${column}`)}</Table.ColumnHeader>
                ))}
                <Table.ColumnHeader>
                  <Text srOnly>{t('adminCustomers.columns.actions')}</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map(({ node }) => (
                <Table.Row key={node.id}>
                  <Table.Cell>
                    <Text fontWeight="medium">{node.name}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {node.email}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <CustomerPlanBadge plan={node.plan} />
                  </Table.Cell>
                  <Table.Cell>
                    <CustomerStatusBadge status={node.status} />
                  </Table.Cell>
                  <Table.Cell>{date(node.joinDate)}</Table.Cell>
                  <Table.Cell>{date(node.lastActive)}</Table.Cell>
                  <Table.Cell>{node.bots}</Table.Cell>
                  <Table.Cell>{node.conversations}</Table.Cell>
                  <Table.Cell>{money.format(node.revenue)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <CustomerRowMenu customer={node} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {hasNext && (
        <Button alignSelf="center" variant="outline" loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>
          {t('adminCustomers.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
