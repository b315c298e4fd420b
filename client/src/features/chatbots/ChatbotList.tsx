import { Button, Center, Input, NativeSelect, SimpleGrid, Stack, Text, HStack } from '@chakra-ui/react';
import { useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
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
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [filtering, startFiltering] = useTransition();
  const { data, refetch, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
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

  function applyFilters(nextSearch: string, nextStatus: StatusFilter) {
    startFiltering(() => {
      refetch(
        { search: nextSearch.trim() || null, status: nextStatus === 'all' ? null : (nextStatus as BotStatus) },
        { fetchPolicy: 'store-and-network' },
      );
    });
  }

  const filtered = search.trim() !== '' || status !== 'all';
  const connectionId = data.bots.__id;

  return (
    <Stack gap="5">
      <HStack gap="3" wrap="wrap">
        <Input
          type="search"
          maxWidth="sm"
          placeholder={t('chatbots.searchPlaceholder')}
          aria-label={t('chatbots.searchPlaceholder')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            applyFilters(event.currentTarget.value, status);
          }}
        />
        <NativeSelect.Root width="auto">
          <NativeSelect.Field
            aria-label={t('chatbots.statusFilter')}
            value={status}
            onChange={(event) => {
              const next = event.currentTarget.value as StatusFilter;
              setStatus(next);
              applyFilters(search, next);
            }}
          >
            {STATUS_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`chatbots.status.${filter}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
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
      {hasNext && (
        <Button alignSelf="center" variant="outline" loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>
          {t('chatbots.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
