import { Center, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ConnectionHandler, graphql, usePaginationFragment } from 'react-relay';
import type { RecordProxy, RecordSourceSelectorProxy } from 'relay-runtime';
import { useLiveSubscription } from '../../relay/useLiveSubscription.ts';
import { LoadMoreButton } from '../../ui/LoadMoreButton.tsx';
import { useListFilters } from '../../ui/useListRefetch.ts';
import type { InboxFiltersFragment$key } from './__generated__/InboxFiltersFragment.graphql.ts';
import type { InboxListFragment$key } from './__generated__/InboxListFragment.graphql.ts';
import { ConversationRow } from './ConversationRow.tsx';
import { InboxFilters, inboxVariablesOf, NO_FILTERS, type InboxFilterValues } from './InboxFilters.tsx';

const PAGE_SIZE = 20;
const CONNECTION_KEY = 'InboxList_conversations';

/** Every change of the viewer's inbox: a new conversation or message, a status changed, a conversation read. */
const changesSubscription = graphql`
  subscription InboxListChangesSubscription {
    inboxChanged {
      conversation {
        id
        status
        channel
        bot {
          id
        }
        ...ConversationRowFragment
      }
      message {
        id
      }
    }
  }
`;

/** Whether a conversation the server sent belongs in the list its filters show (the text search is the server's to judge). */
function fitsFilters(conversation: RecordProxy, filters: InboxFilterValues): boolean {
  return (
    (!filters.botId || conversation.getLinkedRecord('bot')?.getDataID() === filters.botId) &&
    (!filters.channel || conversation.getValue('channel') === filters.channel) &&
    (!filters.status || conversation.getValue('status') === filters.status)
  );
}

/**
 * Places a change in the list on screen: a new conversation, or one with a new message, goes on
 * top (the list is the most recently active first); one that no longer fits the filters leaves.
 * Its fields the store updates itself, by id.
 */
function placeChange(store: RecordSourceSelectorProxy, filters: InboxFilterValues) {
  const change = store.getRootField('inboxChanged');
  const conversation = change?.getLinkedRecord('conversation');
  const viewer = store.getRoot().getLinkedRecord('viewer');
  const connection = viewer && ConnectionHandler.getConnection(viewer, CONNECTION_KEY, inboxVariablesOf(filters));
  if (!conversation || !connection) return;
  const id = conversation.getDataID();
  const listed = (connection.getLinkedRecords('edges') ?? []).some((edge) => edge?.getLinkedRecord('node')?.getDataID() === id);
  const fits = fitsFilters(conversation, filters) && (listed || !filters.search.trim());
  const moves = !listed || change?.getLinkedRecord('message') != null;
  if (listed && (!fits || moves)) ConnectionHandler.deleteNode(connection, id);
  if (fits && moves)
    ConnectionHandler.insertEdgeBefore(
      connection,
      ConnectionHandler.createEdge(store, connection, conversation, 'UserConversationsConnectionEdge'),
    );
}

/** The inbox's conversations, the most recently active first, live, with their filters; `openId` is the one shown beside. */
export function InboxList({
  viewer,
  botChoices,
  openId,
}: {
  viewer: InboxListFragment$key;
  botChoices: InboxFiltersFragment$key;
  openId: string | null;
}) {
  const { t } = useTranslation();
  const pagination = usePaginationFragment(
    graphql`
      fragment InboxListFragment on User
      @refetchable(queryName: "InboxListRefetchQuery")
      @argumentDefinitions(
        first: { type: "Int", defaultValue: 20 }
        after: { type: "String" }
        search: { type: "String" }
        botId: { type: "ID" }
        channel: { type: "InboxChannel" }
        status: { type: "ConversationStatus" }
      ) {
        conversations(first: $first, after: $after, search: $search, botId: $botId, channel: $channel, status: $status)
          @connection(key: "InboxList_conversations", filters: ["search", "botId", "channel", "status"]) {
          edges {
            node {
              id
              ...ConversationRowFragment
            }
          }
        }
      }
    `,
    viewer,
  );
  const { filters, applyFilters, filtering } = useListFilters<InboxFilterValues>(NO_FILTERS, pagination.refetch, inboxVariablesOf);

  // The subscription stays open across filter changes; each event goes to the list the filters show then.
  const shownFilters = useRef(filters);
  useEffect(() => {
    shownFilters.current = filters;
  }, [filters]);
  const place = useCallback((store: RecordSourceSelectorProxy) => placeChange(store, shownFilters.current), []);
  useLiveSubscription(changesSubscription, {}, place);

  const conversations = pagination.data.conversations.edges;
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  return (
    <Stack gap="4">
      <InboxFilters viewer={botChoices} filters={filters} onChange={applyFilters} />
      {conversations.length === 0 ? (
        <Center paddingY="12">
          <Text color="fg.muted" textAlign="center">
            {t(filtered ? 'inbox.empty' : 'inbox.none')}
          </Text>
        </Center>
      ) : (
        <Stack
          as="ul"
          aria-label={t('inbox.listLabel')}
          gap="2"
          listStyleType="none"
          margin="0"
          padding="0"
          opacity={filtering ? 0.6 : 1}
          aria-busy={filtering}
        >
          {conversations.map(({ node }) => (
            <ConversationRow key={node.id} conversation={node} open={node.id === openId} />
          ))}
        </Stack>
      )}
      <LoadMoreButton page={pagination} pageSize={PAGE_SIZE} />
    </Stack>
  );
}
