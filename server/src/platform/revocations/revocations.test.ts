import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock/index.ts';
import { MemoryRevocationList, RedisRevocationList, createRevocationList, type RevocationList } from './index.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';

interface Subject {
  list: RevocationList;
  /** Lets time pass: instantly with a manual clock, for real against Redis. */
  advance(ms: number): Promise<void>;
}

const implementations: [string, () => Subject][] = [
  [
    'memory',
    () => {
      const clock = new ManualClock();
      return { list: new MemoryRevocationList({ clock }), advance: async (ms) => clock.advance(ms) };
    },
  ],
  [
    'redis',
    () => ({ list: new RedisRevocationList({ url: REDIS_URL, prefix: `test:revoked:${randomUUID()}:` }), advance: (ms) => sleep(ms) }),
  ],
];

describe.each(implementations)('%s RevocationList', (_name, create) => {
  const use = async (test: (subject: Subject) => Promise<void>): Promise<void> => {
    const subject = create();
    try {
      await test(subject);
    } finally {
      await subject.list.close();
    }
  };

  it('answers when each key was revoked, null for one never revoked, in the order asked', () =>
    use(async ({ list }) => {
      await list.revoke('session:a', new Date(1_000), 60_000);
      await list.revoke('user:b', new Date(2_000), 60_000);
      expect(await list.revokedAt(['user:b', 'session:nobody', 'session:a'])).toEqual([2_000, null, 1_000]);
      expect(await list.revokedAt([])).toEqual([]);
    }));

  it('answers checks made at the same moment each with its own keys, in its own order', () =>
    use(async ({ list }) => {
      await list.revoke('bot:1', new Date(1_000), 60_000);
      await list.revoke('bot:2', new Date(2_000), 60_000);
      const checks = await Promise.all([
        list.revokedAt(['bot:2', 'bot:1']),
        list.revokedAt(['bot:none']),
        ...Array.from({ length: 100 }, (_, index) => list.revokedAt([`bot:${(index % 3) + 1}`])),
      ]);
      expect(checks.slice(0, 2)).toEqual([[2_000, 1_000], [null]]);
      expect(checks.slice(2)).toEqual(Array.from({ length: 100 }, (_, index) => [[1_000, 2_000, null][index % 3]]));
    }));

  it('keeps the later of two revocations of one key, whichever came last', () =>
    use(async ({ list }) => {
      await list.revoke('user:a', new Date(5_000), 60_000);
      await list.revoke('user:a', new Date(3_000), 60_000);
      expect(await list.revokedAt(['user:a'])).toEqual([5_000]);
      await list.revoke('user:a', new Date(8_000), 60_000);
      expect(await list.revokedAt(['user:a'])).toEqual([8_000]);
    }));

  it('revokes a key once: of concurrent calls exactly one wins, and a plain revocation counts as one', () =>
    use(async ({ list }) => {
      const outcomes = await Promise.all(Array.from({ length: 5 }, () => list.revokeOnce('state:a', new Date(1_000), 60_000)));
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      expect(await list.revokedAt(['state:a'])).toEqual([1_000]);
      await list.revoke('state:b', new Date(2_000), 60_000);
      expect(await list.revokeOnce('state:b', new Date(3_000), 60_000)).toBe(false);
      expect(await list.revokedAt(['state:b'])).toEqual([2_000]);
    }));

  it('lets a key be revoked once again after its revocation was forgotten', () =>
    use(async ({ list, advance }) => {
      expect(await list.revokeOnce('state:short', new Date(1_000), 100)).toBe(true);
      await advance(150);
      expect(await list.revokeOnce('state:short', new Date(2_000), 60_000)).toBe(true);
    }));

  it('forgets a revocation once its time to live has passed', () =>
    use(async ({ list, advance }) => {
      await list.revoke('session:short', new Date(1_000), 100);
      await list.revoke('session:long', new Date(1_000), 60_000);
      await advance(150);
      expect(await list.revokedAt(['session:short', 'session:long'])).toEqual([null, 1_000]);
    }));
});

describe('createRevocationList', () => {
  it('keeps revocations in memory without Redis and in Redis with a URL', async () => {
    const memory = createRevocationList();
    const redis = createRevocationList({ redisUrl: REDIS_URL, prefix: `test:revoked:${randomUUID()}:` });
    try {
      expect(memory).toBeInstanceOf(MemoryRevocationList);
      expect(redis).toBeInstanceOf(RedisRevocationList);
    } finally {
      await memory.close();
      await redis.close();
    }
  });

  it('spends a key once across two Redis-backed lists, as across two replicas', async () => {
    const prefix = `test:revoked:${randomUUID()}:`;
    const [first, second] = [createRevocationList({ redisUrl: REDIS_URL, prefix }), createRevocationList({ redisUrl: REDIS_URL, prefix })];
    try {
      const outcomes = await Promise.all([first, second, first, second].map((list) => list.revokeOnce('state:x', new Date(1_000), 60_000)));
      expect(outcomes.filter(Boolean)).toHaveLength(1);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('shares a revocation between two Redis-backed lists, as between two replicas', async () => {
    const prefix = `test:revoked:${randomUUID()}:`;
    const first = createRevocationList({ redisUrl: REDIS_URL, prefix });
    const second = createRevocationList({ redisUrl: REDIS_URL, prefix });
    try {
      await first.revoke('user:shared', new Date(4_000), 60_000);
      expect(await second.revokedAt(['user:shared'])).toEqual([4_000]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
