import { Box, Stack } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment } from 'react-relay';
import { useLiveSubscription } from '../../relay/useLiveSubscription.ts';
import { LoadMoreButton } from '../../ui/LoadMoreButton.tsx';
import type { ConversationTranscriptFragment$key } from './__generated__/ConversationTranscriptFragment.graphql.ts';
import { ConversationMessage } from './ConversationMessage.tsx';
import { ReplyComposer } from './ReplyComposer.tsx';

const PAGE_SIZE = 30;

/**
 * The conversation's changes as they happen: a new message joins the end of the transcript (once,
 * should the reply's answer have put it there first); the conversation's fields update by id.
 */
const changesSubscription = graphql`
  subscription ConversationTranscriptChangesSubscription($id: ID!, $connections: [ID!]!) {
    conversationChanged(id: $id) {
      conversation {
        id
        status
        statusChangedAt
        unreadCount
        visitorName
        visitorEmail
        lastMessage
        lastMessageAt
      }
      messages @appendNode(connections: $connections, edgeTypeName: "ConversationMessagesConnectionEdge") {
        id
        ...ConversationMessageFragment
      }
    }
  }
`;

/** The transcript, newest at the bottom with the older pages above on demand, live, and the reply under it. */
export function ConversationTranscript({ conversation }: { conversation: ConversationTranscriptFragment$key }) {
  const { t } = useTranslation();
  const { data, hasPrevious, isLoadingPrevious, loadPrevious } = usePaginationFragment(
    graphql`
      fragment ConversationTranscriptFragment on Conversation
      @refetchable(queryName: "ConversationTranscriptPaginationQuery")
      @argumentDefinitions(last: { type: "Int", defaultValue: 30 }, before: { type: "String" }) {
        id
        status
        messages(last: $last, before: $before) @connection(key: "ConversationTranscript_messages") {
          __id
          edges {
            node {
              id
              ...ConversationMessageFragment
            }
          }
        }
      }
    `,
    conversation,
  );
  const connectionId = data.messages.__id;
  useLiveSubscription(changesSubscription, { id: data.id, connections: [connectionId] });

  // The newest message in sight: on opening, and as each one arrives (older pages load above, out of the way).
  const scroller = useRef<HTMLDivElement>(null);
  const newestId = data.messages.edges.at(-1)?.node.id;
  useEffect(() => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [newestId]);

  return (
    <Stack gap="3">
      <Box
        ref={scroller}
        role="log"
        aria-label={t('inbox.transcript')}
        tabIndex={0}
        maxHeight={{ base: '28rem', lg: '32rem' }}
        overflowY="auto"
        borderWidth="1px"
        borderRadius="md"
        padding="3"
        bg="bg.subtle"
      >
        <Stack gap="3">
          <LoadMoreButton
            page={{ hasNext: hasPrevious, isLoadingNext: isLoadingPrevious, loadNext: loadPrevious }}
            pageSize={PAGE_SIZE}
            label={t('inbox.loadOlder')}
          />
          <Stack as="ol" gap="3" listStyleType="none" margin="0" padding="0">
            {data.messages.edges.map(({ node }) => (
              <ConversationMessage key={node.id} message={node} />
            ))}
          </Stack>
        </Stack>
      </Box>
      <ReplyComposer conversationId={data.id} connectionId={connectionId} closed={data.status === 'CLOSED'} />
    </Stack>
  );
}
