import { Button, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INBOX_LIMITS } from '@chatbot/common/inbox';
import { graphql } from 'react-relay';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { ReplyComposerMutation } from './__generated__/ReplyComposerMutation.graphql.ts';

/** The reply's field, where the server's refusal of its text shows. */
const FIELDS = ['text'] as const;

/**
 * The owner's reply to the visitor. Sending it takes the conversation over (the server does), so
 * the conversation's status comes back with the message; a closed conversation is taken over first.
 */
export function ReplyComposer({ conversationId, connectionId, closed }: { conversationId: string; connectionId: string; closed: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const send = useFormMutation<ReplyComposerMutation, 'text'>(
    graphql`
      mutation ReplyComposerMutation($id: ID!, $text: String!, $connections: [ID!]!) {
        replyToConversation(id: $id, text: $text) {
          ... on ConversationReply {
            reply @appendNode(connections: $connections, edgeTypeName: "ConversationMessagesConnectionEdge") {
              id
              ...ConversationMessageFragment
            }
            conversation {
              id
              status
              statusChangedAt
              unreadCount
              lastMessage
              lastMessageAt
            }
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { fields: FIELDS, failedTitle: t('inbox.reply.failed') },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      send.setIssues({ text: t('inbox.reply.required') });
      return;
    }
    send.submit({ variables: { id: conversationId, text, connections: [connectionId] }, onSuccess: () => setText('') });
  }

  return (
    <Stack as="form" gap="2" onSubmit={submit}>
      <TextAreaField
        label={t('inbox.reply.label')}
        placeholder={t('inbox.reply.placeholder')}
        helper={t('inbox.reply.takesOver')}
        rows={3}
        maxLength={INBOX_LIMITS.reply}
        disabled={closed}
        {...send.bindField('text', text, setText)}
      />
      <Button type="submit" colorPalette="brand" alignSelf="end" loading={send.inFlight} disabled={closed}>
        {t('inbox.reply.send')}
      </Button>
    </Stack>
  );
}
