import { Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router';
import { useFormat } from '../../i18n/format.ts';
import { DataList } from '../../ui/chakra/DataList.ts';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { ConversationPanelFragment$key } from './__generated__/ConversationPanelFragment.graphql.ts';
import type { ConversationPanelMarkReadMutation } from './__generated__/ConversationPanelMarkReadMutation.graphql.ts';
import { ConversationActions } from './ConversationActions.tsx';
import { visitorLabel } from './ConversationRow.tsx';
import { ConversationTranscript } from './ConversationTranscript.tsx';
import { ChannelBadge, StatusBadge } from './InboxBadges.tsx';
import { INBOX_PATH } from './inboxPath.ts';

/** The way back to the list, for a phone, where the conversation takes the whole width. */
export function BackToInbox() {
  const { t } = useTranslation();
  return (
    <Link asChild display={{ base: 'inline-flex', lg: 'none' }} alignSelf="start" colorPalette="brand" fontWeight="medium">
      <RouterLink to={INBOX_PATH}>
        <ArrowLeft aria-hidden="true" size={16} />
        {t('inbox.back')}
      </RouterLink>
    </Link>
  );
}

/**
 * An opened conversation: the visitor, who answers and the owner's actions, the live transcript
 * and the reply. Opening it reads the visitor's messages, and so does each new one while it is open.
 */
export function ConversationPanel({ conversation }: { conversation: ConversationPanelFragment$key }) {
  const { t } = useTranslation();
  const format = useFormat();
  const data = useFragment(
    graphql`
      fragment ConversationPanelFragment on Conversation {
        id
        status
        unreadCount
        visitorName
        visitorEmail
        replyEmail
        phoneNumber
        pageUrl
        channel
        createdAt
        bot {
          name
        }
        ...ConversationActionsFragment
        ...ConversationTranscriptFragment
      }
    `,
    conversation,
  );
  const markRead = useFormMutation<ConversationPanelMarkReadMutation>(
    graphql`
      mutation ConversationPanelMarkReadMutation($id: ID!) {
        markConversationRead(id: $id) {
          ... on Conversation {
            id
            unreadCount
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { failedTitle: t('inbox.actions.markReadFailed') },
  );
  const readAll = useEffectEvent(() => markRead.submit({ variables: { id: data.id } }));
  useEffect(() => {
    if (data.unreadCount > 0) readAll();
  }, [data.id, data.unreadCount]);

  const visitor = visitorLabel(data, t('inbox.anonymous'));
  const details: { key: string; value: ReactNode }[] = [
    { key: 'name', value: data.visitorName },
    { key: 'email', value: data.visitorEmail },
    { key: 'phoneNumber', value: data.phoneNumber },
    {
      key: 'page',
      value: data.pageUrl && (
        <Link href={data.pageUrl} target="_blank" rel="noreferrer" color="purple.700">
          {data.pageUrl}
        </Link>
      ),
    },
    { key: 'bot', value: data.bot.name },
    { key: 'started', value: format(data.createdAt, 'dateTime') },
  ].filter((detail) => Boolean(detail.value));

  return (
    <Card.Root as="section" aria-labelledby="conversation-heading">
      <Card.Body gap="5" padding={{ base: '4', md: '6' }}>
        <BackToInbox />
        <Stack gap="3">
          <HStack justify="space-between" align="start" gap="3" wrap="wrap">
            <Stack gap="1.5" minWidth="0">
              <Heading as="h2" size="lg" id="conversation-heading" overflowWrap="anywhere">
                {visitor}
              </Heading>
              <HStack gap="1.5" wrap="wrap">
                <StatusBadge status={data.status} />
                <ChannelBadge channel={data.channel} />
              </HStack>
            </Stack>
            <ConversationActions conversation={data} />
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {t(`inbox.statusLine.${data.status}`)}
          </Text>
          {data.replyEmail && (
            <Text fontSize="sm" overflowWrap="anywhere">
              <Trans i18nKey="inbox.repliesEmailed" values={{ email: data.replyEmail }} components={{ strong: <strong /> }} />
            </Text>
          )}
        </Stack>
        <Stack gap="2">
          <Heading as="h3" size="sm">
            {t('inbox.details.heading')}
          </Heading>
          <DataList.Root orientation="horizontal" size="sm" gap="1.5">
            {details.map(({ key, value }) => (
              <DataList.Item key={key}>
                <DataList.ItemLabel>{t(`inbox.details.${key}`)}</DataList.ItemLabel>
                <DataList.ItemValue overflowWrap="anywhere">{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Stack>
        <ConversationTranscript conversation={data} />
      </Card.Body>
    </Card.Root>
  );
}
