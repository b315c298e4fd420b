// Live changes of the inbox: a conversation's new messages and status, for the owner's inbox and for
// the conversation's own subscribers (the owner's open conversation, the visitor's widget).
import type { Logger } from 'pino';
import { announce, type PubSub } from '../../platform/pubsub/index.ts';

export interface ConversationChange {
  ownerId: string;
  conversationId: string;
  /** The messages the change added, in order (a question and its answer are one change); none for a change of status or of what the owner has read. */
  messageIds: readonly string[];
  /**
   * The change is a visitor's question and the bot's answer, and nothing else: the visitor's widget
   * shows both from the chat's reply, so their live stream has nothing to read or send for it.
   */
  botExchange?: boolean;
}

export const inboxTopic = (ownerId: string) => `inbox:${ownerId}`;
export const conversationTopic = (conversationId: string) => `conversation:${conversationId}`;

/** Tells each change's owner's inbox and its conversation's subscribers (see `announce`: a lost notice only delays a screen). */
export function announceConversationChanges(
  deps: { pubsub?: PubSub | undefined; logger: Logger },
  changes: readonly ConversationChange[],
): Promise<void> {
  const messages = changes.flatMap((change) =>
    [inboxTopic(change.ownerId), conversationTopic(change.conversationId)].map((topic) => ({ topic, payload: change })),
  );
  return announce(deps, messages, 'could not announce a conversation change');
}
