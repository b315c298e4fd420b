import { HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../ui/SelectField.tsx';
import { useListFilters } from '../../ui/useListRefetch.ts';
import { useLiveSubscription } from '../../relay/useLiveSubscription.ts';
import { graphql, usePaginationFragment } from 'react-relay';
import { ExportableList } from '../../ui/ExportableList.tsx';
import type { ChatLogFiltersFragment$key } from '../logs/__generated__/ChatLogFiltersFragment.graphql.ts';
import { ChatLogFilters } from '../logs/ChatLogFilters.tsx';
import type { NeedsAttentionListFragment$key } from './__generated__/NeedsAttentionListFragment.graphql.ts';
import type { AttentionOrder } from './__generated__/NeedsAttentionListRefetchQuery.graphql.ts';
import { AttentionGroupCard } from './AttentionGroupCard.tsx';
import { downloadNeedsAttentionCsv, type AttentionFilters } from './exportNeedsAttention.ts';

const PAGE_SIZE = 20;

/**
 * Live: a refused question or a rating anywhere in the viewer's bots brings the list's first page
 * again, grouped by the server, with the filters on screen (a page loaded with "Load more" folds back).
 */
const changesSubscription = graphql`
  subscription NeedsAttentionListChangesSubscription($botId: ID, $dateRange: ChatLogDateRange, $order: AttentionOrder) {
    needsAttentionChanged {
      viewer {
        ...NeedsAttentionListFragment @arguments(botId: $botId, dateRange: $dateRange, order: $order)
      }
    }
  }
`;
const ORDERS = ['MOST_FREQUENT', 'NEWEST'] as const satisfies readonly AttentionOrder[];

const variablesOf = (filters: AttentionFilters) => ({ botId: filters.botId || null, dateRange: filters.dateRange, order: filters.order });

export function NeedsAttentionList({
  viewer,
  botChoices,
}: {
  viewer: NeedsAttentionListFragment$key;
  botChoices: ChatLogFiltersFragment$key;
}) {
  const { t } = useTranslation();
  const pagination = usePaginationFragment(
    graphql`
      fragment NeedsAttentionListFragment on User
      @refetchable(queryName: "NeedsAttentionListRefetchQuery")
      @argumentDefinitions(
        first: { type: "Int", defaultValue: 20 }
        after: { type: "String" }
        botId: { type: "ID" }
        dateRange: { type: "ChatLogDateRange", defaultValue: all }
        order: { type: "AttentionOrder", defaultValue: MOST_FREQUENT }
      ) {
        needsAttention(first: $first, after: $after, botId: $botId, dateRange: $dateRange, order: $order)
          @connection(key: "NeedsAttentionList_needsAttention", filters: ["botId", "dateRange", "order"]) {
          __id
          edges {
            node {
              id
              ...AttentionGroupCardFragment
            }
          }
        }
      }
    `,
    viewer,
  );

  const { filters, applyFilters, filtering } = useListFilters<AttentionFilters>(
    { search: '', botId: '', dateRange: 'all', order: 'MOST_FREQUENT' },
    pagination.refetch,
    variablesOf,
  );

  useLiveSubscription(changesSubscription, variablesOf(filters));

  const groups = pagination.data.needsAttention.edges;
  const filtered = filters.botId !== '' || filters.dateRange !== 'all';
  return (
    <ExportableList
      filters={
        <HStack gap="3" wrap="wrap">
          <ChatLogFilters
            viewer={botChoices}
            filters={filters}
            onChange={(next) => applyFilters({ ...filters, ...next })}
            searchable={false}
          />
          <FilterSelect
            label={t('attention.orderLabel')}
            value={filters.order}
            options={ORDERS.map((order) => ({ value: order, label: t(`attention.orders.${order}`) }))}
            onChange={(order) => applyFilters({ ...filters, order })}
          />
        </HStack>
      }
      download={() => downloadNeedsAttentionCsv(filters)}
      isEmpty={groups.length === 0}
      emptyText={t(filtered ? 'attention.empty' : 'attention.none')}
      refreshing={filtering}
      page={pagination}
      pageSize={PAGE_SIZE}
    >
      {groups.map(({ node }) => (
        <AttentionGroupCard key={node.id} group={node} connectionId={pagination.data.needsAttention.__id} />
      ))}
    </ExportableList>
  );
}
