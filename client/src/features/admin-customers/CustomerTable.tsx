import { HStack, Stack, Text } from '@chakra-ui/react';
import { Table } from '../../ui/chakra/Table.ts';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { useSettledRefetch } from '../../ui/useListRefetch.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../ui/ListFilters.tsx';
import { FilterSelect } from '../../ui/SelectField.tsx';
import { useFormat } from '../../i18n/format.ts';
import { graphql, usePaginationFragment } from 'react-relay';
import type { CustomerStatusFilter } from './__generated__/CustomerTableRefetchQuery.graphql.ts';
import type { CustomerTableFragment$key } from './__generated__/CustomerTableFragment.graphql.ts';
import { CustomerPlanBadge, CustomerStatusBadge } from './CustomerBadges.tsx';
import { CustomerRowMenu } from './CustomerRowMenu.tsx';

const PAGE_SIZE = 20;
export const COLUMNS = ['name', 'plan', 'status', 'joined', 'lastActive', 'bots', 'conversations', 'revenue'] as const;
export const STATUS_FILTERS = ['all', 'active', 'trial', 'suspended', 'inactive'] as const satisfies readonly CustomerStatusFilter[];

/** The customers, newest first: search by name or email, a status filter, and a menu of actions per row. */
export function CustomerTable({ admin }: { admin: CustomerTableFragment$key }) {
  const { t } = useTranslation();
  const format = useFormat();
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
  const columns = [
    ...COLUMNS.map((column) => ({ key: column, label: t(`adminCustomers.columns.${column}`) })),
    { key: 'actions', label: t('adminCustomers.columns.actions'), hidden: true },
  ];
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<CustomerStatusFilter>('all');
  useSettledRefetch({ search: search.trim() || null, status, count: PAGE_SIZE }, refetch);

  const date = (value: unknown) => (value ? format(value, 'numericDate') : t('adminCustomers.never'));
  const rows = data.customers.edges;

  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap">
        <SearchBox label={t('adminCustomers.search')} value={search} onChange={setSearch} />
        <FilterSelect
          label={t('adminCustomers.statusFilter')}
          value={status}
          options={STATUS_FILTERS.map((filter) => ({ value: filter, label: t(`adminCustomers.filter.${filter}`) }))}
          onChange={setStatus}
        />
        <Text color="fg.muted" fontSize="sm">
          {t('adminCustomers.count', { count: data.customers.totalCount })}
        </Text>
      </HStack>
      <PagedTable
        columns={columns}
        minWidth="56rem"
        emptyText={rows.length === 0 ? t('adminCustomers.empty') : null}
        page={{ hasNext, isLoadingNext, loadNext }}
        pageSize={PAGE_SIZE}
      >
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
            <Table.Cell>{format(node.revenue, 'money')}</Table.Cell>
            <Table.Cell textAlign="end">
              <CustomerRowMenu customer={node} />
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
    </Stack>
  );
}
