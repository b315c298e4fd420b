import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { ConversationActionsCloseMutation } from './__generated__/ConversationActionsCloseMutation.graphql.ts';
import type { ConversationActionsFragment$key } from './__generated__/ConversationActionsFragment.graphql.ts';
import type { ConversationActionsReleaseMutation } from './__generated__/ConversationActionsReleaseMutation.graphql.ts';
import type { ConversationActionsTakeOverMutation } from './__generated__/ConversationActionsTakeOverMutation.graphql.ts';

// Each answers the conversation as it then is: its status changes in the store, on the list too.
graphql`
  fragment ConversationActionsStatusFragment on Conversation {
    id
    status
    statusChangedAt
  }
`;

const takeOverMutation = graphql`
  mutation ConversationActionsTakeOverMutation($id: ID!) {
    takeOverConversation(id: $id) {
      ...ConversationActionsStatusFragment @alias
      ...MutationErrorFragment @alias(as: "error")
    }
  }
`;

const releaseMutation = graphql`
  mutation ConversationActionsReleaseMutation($id: ID!) {
    releaseConversation(id: $id) {
      ...ConversationActionsStatusFragment @alias
      ...MutationErrorFragment @alias(as: "error")
    }
  }
`;

const closeMutation = graphql`
  mutation ConversationActionsCloseMutation($id: ID!) {
    closeConversation(id: $id) {
      ...ConversationActionsStatusFragment @alias
      ...MutationErrorFragment @alias(as: "error")
    }
  }
`;

/**
 * What the owner can do with the conversation as it stands: take it over (from the bot, a waiting
 * visitor, or closed), give it back to the bot (once theirs), close it (unless closed).
 */
export function ConversationActions({ conversation }: { conversation: ConversationActionsFragment$key }) {
  const { t } = useTranslation();
  const { id, status } = useFragment(
    graphql`
      fragment ConversationActionsFragment on Conversation {
        id
        status
      }
    `,
    conversation,
  );
  const takeOver = useFormMutation<ConversationActionsTakeOverMutation>(takeOverMutation, {
    failedTitle: t('inbox.actions.takeOverFailed'),
  });
  const release = useFormMutation<ConversationActionsReleaseMutation>(releaseMutation, { failedTitle: t('inbox.actions.releaseFailed') });
  const close = useFormMutation<ConversationActionsCloseMutation>(closeMutation, { failedTitle: t('inbox.actions.closeFailed') });
  const busy = takeOver.inFlight || release.inFlight || close.inFlight;
  return (
    <HStack gap="2" wrap="wrap">
      {status === 'HUMAN' ? (
        <Button
          size="sm"
          variant="outline"
          loading={release.inFlight}
          disabled={busy}
          onClick={() => release.submit({ variables: { id } })}
        >
          {t('inbox.actions.release')}
        </Button>
      ) : (
        <Button
          size="sm"
          colorPalette="brand"
          loading={takeOver.inFlight}
          disabled={busy}
          onClick={() => takeOver.submit({ variables: { id } })}
        >
          {t('inbox.actions.takeOver')}
        </Button>
      )}
      {status !== 'CLOSED' && (
        <Button size="sm" variant="outline" loading={close.inFlight} disabled={busy} onClick={() => close.submit({ variables: { id } })}>
          {t('inbox.actions.close')}
        </Button>
      )}
    </HStack>
  );
}
