import type { Logger } from 'pino';
import type { PubSub } from './types.ts';

/**
 * Publishes each message, logging (never rejecting) what fails: the screens told are live views of
 * something already written, so a lost notice only delays one, and the writer (often inside a batch
 * whose rejection would count as a failed write) must not fail for it.
 */
export async function announce(
  deps: { pubsub?: PubSub | undefined; logger: Logger },
  messages: readonly { topic: string; payload: unknown }[],
  failure: string,
): Promise<void> {
  const { pubsub } = deps;
  if (!pubsub) return;
  await Promise.all(
    messages.map(({ topic, payload }) =>
      pubsub.publish(topic, payload).catch((error: unknown) => {
        deps.logger.warn({ err: error, topic }, failure);
      }),
    ),
  );
}
