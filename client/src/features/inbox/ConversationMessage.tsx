import { Box, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { useFormat } from '../../i18n/format.ts';
import { AnswerSources } from '../../ui/AnswerSources.tsx';
import { AnswerText } from '../../ui/AnswerText.tsx';
import { ChatBubble } from '../../ui/ChatParts.tsx';
import type { ConversationMessageFragment$key } from './__generated__/ConversationMessageFragment.graphql.ts';

/** One message of a transcript: the visitor's on the left; the bot's (with its sources) and a person's on the right. */
export function ConversationMessage({ message }: { message: ConversationMessageFragment$key }) {
  const { t } = useTranslation();
  const format = useFormat();
  const data = useFragment(
    graphql`
      fragment ConversationMessageFragment on ConversationMessage {
        id
        role
        text
        createdAt
        authorName
        sources {
          index
          title
          url
          page
          snippet
        }
      }
    `,
    message,
  );
  const ours = data.role !== 'VISITOR';
  const author = data.role === 'AGENT' ? (data.authorName ?? t('inbox.authors.AGENT')) : t(`inbox.authors.${data.role}`);
  return (
    <Stack as="li" gap="1" alignItems={ours ? 'flex-end' : 'flex-start'}>
      <Text fontSize="xs" color="fg.muted">
        {author} · {format(data.createdAt, 'dateTime')}
      </Text>
      <ChatBubble
        fromUser={data.role === 'AGENT'}
        {...(data.role === 'BOT' ? { alignSelf: 'flex-end', bg: 'brand.subtle', color: 'fg' } : {})}
        overflowWrap="anywhere"
      >
        {data.role === 'BOT' ? (
          <Box>
            <AnswerText text={data.text} />
            {data.sources.length > 0 && <AnswerSources sources={data.sources} />}
          </Box>
        ) : (
          <Text whiteSpace="pre-wrap">{data.text}</Text>
        )}
      </ChatBubble>
    </Stack>
  );
}
