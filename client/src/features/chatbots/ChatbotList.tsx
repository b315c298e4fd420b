import { Center, SimpleGrid, Stack, Text, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../ui/ListFilters.tsx';
import { FilterSelect } from '../../ui/SelectField.tsx';
import { useListFilters } from '../../ui/useListRefetch.ts';
import { LoadMoreButton } from '../../ui/LoadMoreButton.tsx';
import { graphql, usePaginationFragment } from 'react-relay';
import type { BotStatus } from './__generated__/ChatbotListRefetchQuery.graphql.ts';
import type { ChatbotListFragment$key } from './__generated__/ChatbotListFragment.graphql.ts';
import { canCreateBot, useBotAllowance } from './BotAllowance.tsx';
import { BotCard } from './BotCard.tsx';
import { CreateBotButton } from './CreateBotButton.tsx';

const PAGE_SIZE = 24;
const STATUS_FILTERS = ['all', 'online', 'offline', 'training'] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];

export function ChatbotList({ viewer }: { viewer: ChatbotListFragment$key }) {
  const { t } = useTranslation();
  const allowance = useBotAllowance();
  const pagination = usePaginationFragment(
    graphql`
      fragment ChatbotListFragment on User
      @refetchable(queryName: "ChatbotListRefetchQuery")
      @argumentDefinitions(
        first: { type: "Int", defaultValue: 24 }
        after: { type: "String" }
        search: { type: "String" }
        status: { type: "BotStatus" }
      ) {
        bots(first: $first, after: $after, search: $search, status: $status)
          @connection(key: "ChatbotList_bots", filters: ["search", "status"]) {
          __id
          edges {
            node {
              id
              ...BotCardFragment
            }
          }
        }
      }
    `,
    viewer,
  );

  const { data } = pagination;
  const { filters, applyFilters, filtering } = useListFilters<{ search: string; status: StatusFilter }>(
    { search: '', status: 'all' },
    pagination.refetch,
    (next) => ({ search: next.search.trim() || null, status: next.status === 'all' ? null : (next.status as BotStatus) }),
  );

  const filtered = filters.search.trim() !== '' || filters.status !== 'all';
  const connectionId = data.bots.__id;

  return (
    <Stack gap="5">
      <HStack gap="3" wrap="wrap">
        <SearchBox
          label={t('chatbots.searchPlaceholder')}
          value={filters.search}
          onChange={(search) => applyFilters({ ...filters, search })}
        />
        <FilterSelect
          label={t('chatbots.statusFilter')}
          value={filters.status}
          options={STATUS_FILTERS.map((filter) => ({ value: filter, label: t(`chatbots.status.${filter}`) }))}
          onChange={(status) => applyFilters({ ...filters, status })}
        />
        <CreateBotButton disabled={!canCreateBot(allowance)} />
      </HStack>
      {allowance.kind === 'none' && <Text color="orange.fg">{t('chatbots.noPlan')}</Text>}
      {data.bots.edges.length === 0 ? (
        <Center paddingY="16" opacity={filtering ? 0.6 : 1}>
          <Text color="fg.muted">{t(filtered ? 'chatbots.noMatch' : 'chatbots.empty')}</Text>
        </Center>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" opacity={filtering ? 0.6 : 1} aria-busy={filtering}>
          {data.bots.edges.map((edge) => (
            <BotCard key={edge.node.id} bot={edge.node} connectionId={connectionId} canDuplicate={canCreateBot(allowance)} />
          ))}
        </SimpleGrid>
      )}
      <LoadMoreButton page={pagination} pageSize={PAGE_SIZE} />
    </Stack>
  );
}
