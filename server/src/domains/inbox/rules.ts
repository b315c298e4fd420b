// Who answers a conversation, and how the owner's actions in the inbox change it.
import { INBOX_LIMITS } from '@chatbot/common/inbox';
import type { Channel, ConversationStatus } from '../../generated/prisma/client.ts';

export const CONVERSATION_STATUSES = ['bot', 'waiting', 'human', 'closed'] as const satisfies readonly ConversationStatus[];

/** The channels whose conversations the inbox shows: where visitors are (not the owner's test chat nor the demo). */
export const INBOX_CHANNELS = ['widget', 'whatsapp'] as const satisfies readonly Channel[];

/** Whether a conversation of this channel is in its owner's inbox. */
export const inInbox = (channel: Channel) => (INBOX_CHANNELS as readonly Channel[]).includes(channel);

export const CONVERSATION_ACTIONS = ['takeOver', 'reply', 'release', 'close'] as const;
export type ConversationAction = (typeof CONVERSATION_ACTIONS)[number];

/** The longest reply a person sends from the inbox (common/, where the reply box reads it too). */
export const MAX_REPLY_LENGTH = INBOX_LIMITS.reply;

export const INBOX_MESSAGES = {
  notFound: 'Conversation not found',
  closed: 'This conversation is closed: take it over to open it again.',
  notHuman: 'The bot is answering this conversation already.',
  replyRequired: 'Write a reply',
  replyTooLong: `A reply is at most ${MAX_REPLY_LENGTH} characters`,
} as const;

/** What an action leads to from a status: the next status, or why it is refused. */
export type Transition = { to: ConversationStatus } | { refused: keyof typeof INBOX_MESSAGES };

/**
 * The owner's actions: taking over (from any status: a closed conversation opens again), replying
 * (a person's reply takes the conversation over; a closed one must be taken over first), releasing
 * to the bot (a conversation the bot answers already stays so), closing (from any status).
 */
export function transition(action: ConversationAction, from: ConversationStatus): Transition {
  switch (action) {
    case 'takeOver':
      return { to: 'human' };
    case 'reply':
      return from === 'closed' ? { refused: 'closed' } : { to: 'human' };
    case 'release':
      if (from === 'closed') return { refused: 'closed' };
      return from === 'bot' ? { refused: 'notHuman' } : { to: 'bot' };
    case 'close':
      return { to: 'closed' };
  }
}

/** A visitor writing to a closed conversation opens it again, to the bot; otherwise who answers stays. */
export const afterVisitorWrites = (status: ConversationStatus): ConversationStatus => (status === 'closed' ? 'bot' : status);

/** Whether the bot answers the visitor's next message: not while a person has the conversation or is asked for. */
export const botAnswers = (status: ConversationStatus) => afterVisitorWrites(status) === 'bot';
