import { InProcessPubSub } from './inProcess.ts';
import { RedisPubSub } from './redis.ts';
import type { PubSub } from './types.ts';

export type { PubSub, Subscription } from './types.ts';
export { announce } from './announce.ts';
export { InProcessPubSub } from './inProcess.ts';
export { RedisPubSub } from './redis.ts';

export interface PubSubOptions {
  /** With a Redis URL, messages reach subscribers in every process; otherwise only this one. */
  redisUrl?: string | undefined;
  prefix?: string;
}

export function createPubSub(options: PubSubOptions = {}): PubSub {
  return options.redisUrl ? new RedisPubSub({ url: options.redisUrl, prefix: options.prefix }) : new InProcessPubSub();
}
