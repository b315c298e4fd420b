// Live changes of an owner's Needs attention: an answer the bot could not give, or a rating given or
// changed. Subscribers read the list again with their own filters; the grouping is the server's.
import type { Logger } from 'pino';
import { announce, type PubSub } from '../../platform/pubsub/index.ts';

export interface AttentionChange {
  ownerId: string;
  /** The answer (chat log) whose standing changed. */
  chatLogId: string;
}

export function attentionTopic(ownerId: string): string {
  return `needs-attention:${ownerId}`;
}

/** Tells each owner's open Needs attention screens (see `announce`: a lost notice only delays a screen). */
export function announceAttention(
  deps: { pubsub?: PubSub | undefined; logger: Logger },
  changes: readonly AttentionChange[],
): Promise<void> {
  const messages = changes.map((change) => ({ topic: attentionTopic(change.ownerId), payload: change }));
  return announce(deps, messages, 'could not announce a Needs attention change');
}
