import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router';
import { useFormat } from '../../i18n/format.ts';
import type { ConversationRowFragment$key } from './__generated__/ConversationRowFragment.graphql.ts';
import { ChannelBadge, StatusBadge } from './InboxBadges.tsx';
import { conversationPathOf } from './inboxPath.ts';

const isToday = (moment: string) => new Date(moment).toDateString() === new Date().toDateString();

/** Who the visitor is, as far as the conversation knows: the name they gave, their number, or nobody in particular. */
export function visitorLabel(
  visitor: { visitorName: string | null | undefined; phoneNumber: string | null | undefined },
  anonymous: string,
) {
  return visitor.visitorName || visitor.phoneNumber || anonymous;
}

/** One conversation of the inbox, a link that opens it: the visitor, its channel, who answers, its bot, its last message. */
export function ConversationRow({ conversation, open }: { conversation: ConversationRowFragment$key; open: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const data = useFragment(
    graphql`
      fragment ConversationRowFragment on Conversation {
        id
        visitorName
        phoneNumber
        channel
        status
        lastMessage
        lastMessageAt
        unreadCount
        bot {
          name
        }
      }
    `,
    conversation,
  );
  const lastMessageAt = String(data.lastMessageAt);
  const waiting = data.status === 'WAITING';
  return (
    <li>
      <Box
        asChild
        display="block"
        padding="3"
        borderWidth="1px"
        borderRadius="md"
        borderColor={open ? 'brand.solid' : waiting ? 'orange.solid' : 'border'}
        // A visitor waiting for a person stands out: a thick edge and a warm background.
        borderStartWidth={waiting ? '4px' : '1px'}
        bg={open ? 'brand.subtle' : waiting ? 'orange.subtle' : 'bg'}
        _hover={{ bg: open ? 'brand.subtle' : waiting ? 'orange.muted' : 'bg.muted' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' }}
      >
        <RouterLink to={conversationPathOf(data.id)} aria-current={open ? 'page' : undefined}>
          <Stack gap="1.5">
            <HStack justify="space-between" align="baseline" gap="2">
              <Text fontWeight={data.unreadCount > 0 ? 'bold' : 'semibold'} truncate>
                {visitorLabel(data, t('inbox.anonymous'))}
              </Text>
              <Text as="span" fontSize="xs" color="fg.muted" flexShrink={0}>
                {format(lastMessageAt, isToday(lastMessageAt) ? 'time' : 'date')}
              </Text>
            </HStack>
            <HStack gap="1.5" wrap="wrap">
              <StatusBadge status={data.status} />
              <ChannelBadge channel={data.channel} />
              <Text as="span" fontSize="sm" color="fg.muted">
                {data.bot.name}
              </Text>
              {data.unreadCount > 0 && (
                <Badge colorPalette="red" variant="solid" marginStart="auto">
                  {t('inbox.unread', { count: data.unreadCount })}
                </Badge>
              )}
            </HStack>
            <Text fontSize="sm" color="fg.muted" lineClamp={2} overflowWrap="anywhere">
              {data.lastMessage ?? t('inbox.noMessage')}
            </Text>
          </Stack>
        </RouterLink>
      </Box>
    </li>
  );
}
