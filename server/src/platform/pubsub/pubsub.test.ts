import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { InProcessPubSub, RedisPubSub, type PubSub } from './index.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const prefix = `test:pubsub:${randomUUID()}:`;

const implementations: [string, () => PubSub][] = [
  ['in-process', () => new InProcessPubSub()],
  ['redis', () => new RedisPubSub({ url: REDIS_URL, prefix })],
];

describe.each(implementations)('%s PubSub', (_name, create) => {
  const opened: PubSub[] = [];
  const open = (): PubSub => {
    const pubsub = create();
    opened.push(pubsub);
    return pubsub;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((pubsub) => pubsub.close()));
  });

  it('delivers payloads in publish order, as JSON values', async () => {
    const pubsub = open();
    const subscription = pubsub.subscribe('bot:1');
    await subscription.ready;
    await pubsub.publish('bot:1', { step: 1, at: new Date(0) });
    await pubsub.publish('bot:1', 'two');
    await pubsub.publish('bot:1', null);
    expect(await take(subscription, 3)).toEqual([{ step: 1, at: '1970-01-01T00:00:00.000Z' }, 'two', null]);
  });

  it('fans out to every subscriber of a topic and to no one else', async () => {
    const pubsub = open();
    const first = pubsub.subscribe('bot:1');
    const second = pubsub.subscribe('bot:1');
    const other = pubsub.subscribe('bot:2');
    await Promise.all([first.ready, second.ready, other.ready]);
    await pubsub.publish('bot:1', 'for bot 1');
    await pubsub.publish('bot:2', 'for bot 2');
    expect(await take(first, 1)).toEqual(['for bot 1']);
    expect(await take(second, 1)).toEqual(['for bot 1']);
    expect(await take(other, 1)).toEqual(['for bot 2']);
  });

  it('stops a subscriber that breaks out of for-await while others keep receiving', async () => {
    const pubsub = open();
    const leaving = pubsub.subscribe('topic');
    const staying = pubsub.subscribe('topic');
    await Promise.all([leaving.ready, staying.ready]);
    await pubsub.publish('topic', 1);
    for await (const payload of leaving) {
      expect(payload).toBe(1);
      break;
    }
    await pubsub.publish('topic', 2);
    expect(await take(staying, 2)).toEqual([1, 2]);
    expect(await leaving.next()).toEqual({ value: undefined, done: true });
  });

  it('ends a waiting next() when the signal aborts, and at once when it already has', async () => {
    const pubsub = open();
    const controller = new AbortController();
    const subscription = pubsub.subscribe('topic', controller.signal);
    await subscription.ready;
    const pending = subscription.next();
    controller.abort();
    expect(await pending).toEqual({ value: undefined, done: true });

    const late = pubsub.subscribe('topic', controller.signal);
    await late.ready;
    expect(await late.next()).toEqual({ value: undefined, done: true });
  });

  it('ends every open subscription on close', async () => {
    const pubsub = create();
    const subscription = pubsub.subscribe('topic');
    await subscription.ready;
    const pending = subscription.next();
    await pubsub.close();
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(await pubsub.subscribe('topic').next()).toEqual({ value: undefined, done: true });
  });

  it('treats any string as a plain topic, even "error"', async () => {
    const pubsub = open();
    await pubsub.publish('error', 'nobody listens');
    const subscription = pubsub.subscribe('error');
    await subscription.ready;
    await pubsub.publish('error', 'heard');
    expect(await take(subscription, 1)).toEqual(['heard']);
  });

  it('rejects payloads that are not JSON', async () => {
    await expect(open().publish('topic', undefined)).rejects.toThrow(TypeError);
  });
});

describe('RedisPubSub across processes', () => {
  const redis = new Redis(REDIS_URL);
  afterAll(async () => {
    await redis.quit();
  });

  it('delivers what another instance publishes and unsubscribes when the last subscriber leaves', async () => {
    const subscriberSide = new RedisPubSub({ url: REDIS_URL, prefix });
    const publisherSide = new RedisPubSub({ url: REDIS_URL, prefix });
    try {
      const first = subscriberSide.subscribe('progress');
      const second = subscriberSide.subscribe('progress');
      await Promise.all([first.ready, second.ready]);
      expect(await redis.pubsub('NUMSUB', `${prefix}progress`)).toEqual([`${prefix}progress`, 1]);

      await publisherSide.publish('progress', { percent: 50 });
      expect(await take(first, 1)).toEqual([{ percent: 50 }]);
      expect(await take(second, 1)).toEqual([{ percent: 50 }]);

      await first.return?.();
      await second.return?.();
      await subscriberSide.subscribe('other').ready; // queued after the UNSUBSCRIBE on the same connection
      expect(await redis.pubsub('NUMSUB', `${prefix}progress`)).toEqual([`${prefix}progress`, 0]);
    } finally {
      await Promise.all([subscriberSide.close(), publisherSide.close()]);
    }
  });
});

async function take(iterator: AsyncIterator<unknown>, count: number): Promise<unknown[]> {
  const values: unknown[] = [];
  while (values.length < count) {
    const result = await iterator.next();
    if (result.done) throw new Error(`subscription ended after ${values.length} values`);
    values.push(result.value);
  }
  return values;
}
