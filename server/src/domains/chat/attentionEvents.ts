// Live changes of an owner's Needs attention: an answer the bot could not give, or a rating given or
// changed. Subscribers read the list again with their own filters; the grouping is the server's.
import type { Logger } from 'pino';
import type { PubSub } from '../../platform/pubsub/index.ts';

export interface AttentionChange {
  ownerId: string;
  /** The answer (chat log) whose standing changed. */
  chatLogId: string;
}

export function attentionTopic(ownerId: string): string {
  return `needs-attention:${ownerId}`;
}

/**
 * Tells each owner's open Needs attention screens. Never rejects: the chat tells it inside its write
 * batch, where a rejection would count as a failed write; a lost notice only delays a screen.
 */
export async function announceAttention(
  deps: { pubsub?: PubSub | undefined; logger: Logger },
  changes: readonly AttentionChange[],
): Promise<void> {
  const { pubsub } = deps;
  if (!pubsub) return;
  await Promise.all(
    changes.map((change) =>
      pubsub.publish(attentionTopic(change.ownerId), change).catch((error: unknown) => {
        deps.logger.warn({ err: error, ownerId: change.ownerId }, 'could not announce a Needs attention change');
      }),
    ),
  );
}
