import { Badge, Card, Heading, HStack, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router';
import { editorPathOf } from '../editor/editorPath.ts';
import type { BotCardFragment$key } from './__generated__/BotCardFragment.graphql.ts';
import { BotCardMenu } from './BotCardMenu.tsx';

export const STATUS_COLORS = { online: 'green', offline: 'gray', training: 'orange' } as const;

export function BotCard({ bot, connectionId, canDuplicate }: { bot: BotCardFragment$key; connectionId: string; canDuplicate: boolean }) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment BotCardFragment on Bot {
        id
        name
        status
        lastUpdated
        conversationsToday
        owner {
          fullName
        }
        ...BotCardMenuFragment
      }
    `,
    bot,
  );
  const status = data.status as keyof typeof STATUS_COLORS;
  return (
    // The whole card opens the bot (its name is the link, stretched over the card); the menu stays above it.
    <Card.Root position="relative" _hover={{ borderColor: 'border.emphasized' }}>
      <Card.Body gap="3">
        <HStack justify="space-between" align="start">
          <Stack gap="0" minWidth="0">
            <Heading as="h2" size="md" truncate>
              <LinkOverlay asChild>
                <RouterLink to={editorPathOf(data.id)}>{data.name}</RouterLink>
              </LinkOverlay>
            </Heading>
            {data.owner && (
              <Text fontSize="sm" color="fg.muted">
                {data.owner.fullName}
              </Text>
            )}
          </Stack>
          <HStack gap="1" position="relative" zIndex="1">
            <Badge colorPalette={STATUS_COLORS[status] ?? 'gray'}>{t(`chatbots.status.${status}`)}</Badge>
            <BotCardMenu bot={data} connectionId={connectionId} canDuplicate={canDuplicate} />
          </HStack>
        </HStack>
        <HStack justify="space-between" fontSize="sm" color="fg.muted">
          <Text>{t('chatbots.lastUpdated', { date: data.lastUpdated })}</Text>
          <Text>{t('chatbots.conversationsToday', { count: data.conversationsToday })}</Text>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
