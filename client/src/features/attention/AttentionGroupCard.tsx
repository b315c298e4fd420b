import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { ChatLogEntry } from '../logs/ChatLogEntry.tsx';
import type { AttentionGroupCardFragment$key } from './__generated__/AttentionGroupCardFragment.graphql.ts';
import { WriteAnswerButton } from './WriteAnswerDialog.tsx';

/** One question that needs the owner, with how often it was asked and why; its latest exchange, the others on demand. */
export function AttentionGroupCard({ group, connectionId }: { group: AttentionGroupCardFragment$key; connectionId: string }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const data = useFragment(
    graphql`
      fragment AttentionGroupCardFragment on AttentionGroup {
        id
        question
        count
        reasons
        bot {
          id
          name
        }
        exchanges {
          id
          response
          ...ChatLogEntryFragment
        }
      }
    `,
    group,
  );
  const [latest, ...older] = data.exchanges;
  return (
    <Card.Root as="li" size="sm">
      <Card.Body gap="3">
        <Stack gap="2">
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette="purple">{t('attention.asked', { count: data.count })}</Badge>
            {data.reasons.map((reason) => (
              <Badge key={reason} colorPalette={reason === 'RATED_DOWN' ? 'red' : 'orange'}>
                {t(`attention.reasons.${reason}`)}
              </Badge>
            ))}
            <Text fontSize="sm" color="fg.muted">
              {data.bot.name}
            </Text>
          </HStack>
          <Text as="h2" fontWeight="semibold" fontSize="lg">
            {data.question}
          </Text>
        </Stack>
        {latest && (
          <Stack as="ul" gap="2" listStyleType="none" margin="0" padding="0">
            <ChatLogEntry log={latest} />
            {expanded && older.map((exchange) => <ChatLogEntry key={exchange.id} log={exchange} />)}
          </Stack>
        )}
        <HStack gap="2" wrap="wrap">
          <WriteAnswerButton
            emphasis="solid"
            item={{
              listed: { groupId: data.id, connectionId },
              chatLogId: latest?.id,
              botId: data.bot.id,
              botName: data.bot.name,
              question: data.question,
              botAnswer: latest?.response ?? '',
            }}
          />
          {older.length > 0 && (
            <Button size="sm" variant="ghost" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
              {t(expanded ? 'attention.showLatest' : 'attention.showAll', { count: data.exchanges.length })}
            </Button>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
