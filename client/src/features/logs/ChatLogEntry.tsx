import { Badge, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { AnswerText } from '../../ui/AnswerText.tsx';
import { graphql, useFragment } from 'react-relay';
import type { ChatLogEntryFragment$key } from './__generated__/ChatLogEntryFragment.graphql.ts';
import { WhyThisAnswerButton } from '../attention/WhyThisAnswer.tsx';
import { WriteAnswerButton } from '../attention/WriteAnswerDialog.tsx';

/**
 * One exchange and who answered it: the bot's answer can be opened to see why it was answered so,
 * and `fixable` offers to write the right answer to its question (the chat logs do, Needs attention
 * has its own). A person's reply from the inbox offers neither: it was no retrieval, and it is theirs.
 */
export function ChatLogEntry({ log, fixable = false }: { log: ChatLogEntryFragment$key; fixable?: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const data = useFragment(
    graphql`
      fragment ChatLogEntryFragment on ChatLog {
        id
        bot {
          id
          name
        }
        userName
        channel
        phoneNumber
        timestamp
        message
        response
        answeredBy
        personName
        rating
        ratingComment
      }
    `,
    log,
  );
  const whatsapp = data.channel === 'whatsapp';
  const byBot = data.answeredBy === 'BOT';
  const answerer = byBot ? t('logs.answeredByBot') : t('logs.answeredByPerson', { name: data.personName ?? t('logs.someone') });
  return (
    <Card.Root as="li" size="sm">
      <Card.Body gap="2">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{data.bot.name}</Text>
            <Text color="fg.muted">{data.userName ?? t('logs.anonymous')}</Text>
            <Badge colorPalette={whatsapp ? 'green' : 'blue'}>{t(`logs.channels.${data.channel}`)}</Badge>
            {whatsapp && data.phoneNumber && <Text fontSize="sm">{data.phoneNumber}</Text>}
            <Badge colorPalette={byBot ? 'gray' : 'purple'} variant="outline">
              {answerer}
            </Badge>
            {data.rating && (
              <Badge colorPalette={data.rating === 'UP' ? 'green' : 'red'}>
                {t(data.rating === 'UP' ? 'logs.ratedUp' : 'logs.ratedDown')}
              </Badge>
            )}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {format(data.timestamp, 'dateTime')}
          </Text>
        </HStack>
        <Stack gap="1">
          {/* A person's follow-up, sent when the visitor's newest message already had an answer, answers none. */}
          {data.message !== '' && (
            <Text>
              <Text as="span" fontWeight="medium">
                {t('logs.user')}
              </Text>{' '}
              {data.message}
            </Text>
          )}
          <Stack gap="1">
            <Text fontWeight="medium">{byBot ? t('logs.bot') : t('logs.personReply', { name: data.personName ?? t('logs.someone') })}</Text>
            <AnswerText text={data.response} />
          </Stack>
          {data.ratingComment && (
            <Text fontSize="sm" color="fg.muted">
              {t('logs.ratingComment', { comment: data.ratingComment })}
            </Text>
          )}
        </Stack>
        {byBot && (
          <HStack gap="2" wrap="wrap">
            {fixable && (
              <WriteAnswerButton
                item={{ chatLogId: data.id, botId: data.bot.id, botName: data.bot.name, question: data.message, botAnswer: data.response }}
              />
            )}
            <WhyThisAnswerButton chatLogId={data.id} question={data.message} />
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
