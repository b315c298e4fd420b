import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Channel, ConversationStatus } from './__generated__/ConversationRowFragment.graphql.ts';

const STATUS_PALETTES: Record<ConversationStatus, string> = {
  BOT: 'gray',
  WAITING: 'orange',
  HUMAN: 'brand',
  CLOSED: 'gray',
  '%future added value': 'gray',
};

/** Who answers the conversation: the bot, nobody yet (a person was asked for), you, or nobody (closed). */
export function StatusBadge({ status }: { status: ConversationStatus }) {
  const { t } = useTranslation();
  return (
    // A waiting visitor's badge is solid, a shade darker than the palette's so white text reads on it.
    <Badge
      colorPalette={STATUS_PALETTES[status]}
      {...(status === 'WAITING' ? { variant: 'solid', bg: 'orange.700' } : { variant: 'subtle' })}
    >
      {t(`inbox.statuses.${status}`)}
    </Badge>
  );
}

export function ChannelBadge({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  return <Badge colorPalette={channel === 'whatsapp' ? 'green' : 'blue'}>{t(`inbox.channels.${channel}`)}</Badge>;
}
