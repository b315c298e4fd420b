import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock/index.ts';
import { FallbackRateLimiter, MemoryRateLimiter, RedisRateLimiter, createRateLimiter, type RateLimiter } from './index.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const prefix = `test:ratelimit:${randomUUID()}:`;

interface Subject {
  limiter: RateLimiter;
  /** Lets the window's time pass: instantly with a manual clock, for real against Redis. */
  advance(ms: number): Promise<void>;
}

const implementations: [string, () => Subject][] = [
  [
    'memory',
    () => {
      const clock = new ManualClock();
      return { limiter: new MemoryRateLimiter({ clock }), advance: async (ms) => clock.advance(ms) };
    },
  ],
  ['redis', () => ({ limiter: new RedisRateLimiter({ url: REDIS_URL, prefix }), advance: (ms) => sleep(ms) })],
];

describe.each(implementations)('%s RateLimiter', (_name, create) => {
  const use = async (test: (subject: Subject) => Promise<void>): Promise<void> => {
    const subject = create();
    try {
      await test(subject);
    } finally {
      await subject.limiter.close();
    }
  };
  const key = (): string => `login:${randomUUID()}`;

  it('allows `limit` hits per window, counting down, then blocks with a retry delay', () =>
    use(async ({ limiter }) => {
      const ip = key();
      const results = [];
      for (let i = 0; i < 4; i += 1) results.push(await limiter.hit(ip, 3, 60_000));
      expect(results.map(({ allowed, remaining }) => ({ allowed, remaining }))).toEqual([
        { allowed: true, remaining: 2 },
        { allowed: true, remaining: 1 },
        { allowed: true, remaining: 0 },
        { allowed: false, remaining: 0 },
      ]);
      expect(results.slice(0, 3).every((result) => result.retryAfterMs === 0)).toBe(true);
      expect(results[3]!.retryAfterMs).toBeGreaterThan(0);
      expect(results[3]!.retryAfterMs).toBeLessThanOrEqual(60_000);
    }));

  it('counts keys, and windows of different lengths on one key, separately', () =>
    use(async ({ limiter }) => {
      const first = key();
      await limiter.hit(first, 1, 60_000);
      expect((await limiter.hit(first, 1, 60_000)).allowed).toBe(false);
      expect((await limiter.hit(key(), 1, 60_000)).allowed).toBe(true);
      expect((await limiter.hit(first, 1, 3_600_000)).allowed).toBe(true);
    }));

  it('opens a fresh window once the retry delay has passed', () =>
    use(async ({ limiter, advance }) => {
      const ip = key();
      await limiter.hit(ip, 1, 200);
      const blocked = await limiter.hit(ip, 1, 200);
      expect(blocked.allowed).toBe(false);
      await advance(blocked.retryAfterMs + 1);
      expect(await limiter.hit(ip, 1, 200)).toEqual({ allowed: true, remaining: 0, retryAfterMs: 0 });
    }));

  it('takes back a refunded hit from the open window, never below zero', () =>
    use(async ({ limiter }) => {
      const ip = key();
      await limiter.refund(ip, 60_000);
      await limiter.hit(ip, 2, 60_000);
      await limiter.hit(ip, 2, 60_000);
      await limiter.refund(ip, 60_000);
      expect(await limiter.hit(ip, 2, 60_000)).toMatchObject({ allowed: true, remaining: 0 });
      expect((await limiter.hit(ip, 2, 60_000)).allowed).toBe(false);
    }));

  it('counts hits in turn up to the first one refused, leaving the later keys uncounted', () =>
    use(async ({ limiter }) => {
      const [ip, session, bot] = [key(), key(), key()];
      const turn = [
        { key: ip, limit: 5, windowMs: 60_000 },
        { key: session, limit: 1, windowMs: 60_000 },
        { key: bot, limit: 5, windowMs: 60_000 },
      ];
      const first = await limiter.hitInTurn(turn);
      expect(first.map(({ allowed, remaining }) => ({ allowed, remaining }))).toEqual([
        { allowed: true, remaining: 4 },
        { allowed: true, remaining: 0 },
        { allowed: true, remaining: 4 },
      ]);
      const refused = await limiter.hitInTurn(turn);
      expect(refused).toHaveLength(2);
      expect(refused[0]).toMatchObject({ allowed: true, remaining: 3 });
      expect(refused[1]!.allowed).toBe(false);
      expect(refused[1]!.retryAfterMs).toBeGreaterThan(0);
      expect(refused[1]!.retryAfterMs).toBeLessThanOrEqual(60_000);
      // The bot's counter was not touched by the refused turn.
      expect(await limiter.hit(bot, 5, 60_000)).toMatchObject({ allowed: true, remaining: 3 });
      expect(await limiter.hitInTurn([])).toEqual([]);
    }));

  it('never lets concurrent hits exceed the limit', () =>
    use(async ({ limiter }) => {
      const ip = key();
      const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hit(ip, 5, 60_000)));
      expect(results.filter((result) => result.allowed)).toHaveLength(5);
    }));
});

describe('MemoryRateLimiter', () => {
  it('forgets the oldest window beyond maxKeys, so memory stays bounded', async () => {
    const limiter = new MemoryRateLimiter({ clock: new ManualClock(), maxKeys: 2 });
    await limiter.hit('a', 1, 60_000);
    await limiter.hit('b', 1, 60_000);
    await limiter.hit('c', 1, 60_000);
    expect((await limiter.hit('a', 1, 60_000)).allowed).toBe(true);
    expect((await limiter.hit('c', 1, 60_000)).allowed).toBe(false);
  });

  it('is what createRateLimiter returns without a Redis URL', () => {
    expect(createRateLimiter()).toBeInstanceOf(MemoryRateLimiter);
  });
});

describe('RedisRateLimiter', () => {
  const redis = new Redis(REDIS_URL);
  afterAll(async () => {
    await deleteKeys(redis, prefix);
    await redis.quit();
  });

  it('keeps its counters under the prefix, expiring with the window', async () => {
    const limiter = createRateLimiter({ redisUrl: REDIS_URL, prefix });
    await limiter.hit('signup:1.2.3.4', 5, 60_000);
    await limiter.close();
    const ttl = await redis.pttl(`${prefix}ratelimit:60000:signup:1.2.3.4`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});

async function deleteKeys(redis: Redis, keyPrefix: string): Promise<void> {
  for await (const keys of redis.scanStream({ match: `${keyPrefix}*`, count: 500 }) as AsyncIterable<string[]>) {
    if (keys.length > 0) await redis.del(...keys);
  }
}

describe('FallbackRateLimiter', () => {
  const recordingLogger = () => {
    const lines: string[] = [];
    return {
      lines,
      warn: (_details: object, message: string) => lines.push(`warn: ${message}`),
      info: (_d: object, message: string) => lines.push(`info: ${message}`),
    };
  };

  it('counts in this process while Redis cannot be reached, and says so once', async () => {
    const unreachable = new RedisRateLimiter({ url: `redis://127.0.0.1:${await closedPort()}`, prefix });
    const logger = recordingLogger();
    const limiter = new FallbackRateLimiter(unreachable, new MemoryRateLimiter(), logger);
    try {
      const results = [];
      for (let hit = 0; hit < 3; hit++) results.push((await limiter.hit('widget:ip:1.2.3.4', 2, 60_000)).allowed);
      expect(results).toEqual([true, true, false]);
      expect(logger.lines).toEqual(['warn: rate limits unreachable in Redis: counting in this process until it is back']);
    } finally {
      await limiter.close();
    }
  });

  it('asks Redis again a few seconds after it failed, and counts there once it answers', async () => {
    let now = 0;
    let redisUp = false;
    const asked: string[] = [];
    const shared: RateLimiter = {
      async hit(key, limit) {
        asked.push(key);
        if (!redisUp) throw new Error('Connection is closed.');
        return { allowed: true, remaining: limit - 1, retryAfterMs: 0 };
      },
      async hitInTurn() {
        throw new Error('not asked here');
      },
      async refund() {},
      async close() {},
    };
    const logger = recordingLogger();
    const limiter = new FallbackRateLimiter(shared, new MemoryRateLimiter(), logger, () => now);
    expect((await limiter.hit('a', 1, 60_000)).allowed).toBe(true);
    expect((await limiter.hit('a', 1, 60_000)).allowed).toBe(false); // counted locally: Redis not asked again yet
    expect(asked).toEqual(['a']);
    redisUp = true;
    now = 5_000;
    expect(await limiter.hit('a', 1, 60_000)).toEqual({ allowed: true, remaining: 0, retryAfterMs: 0 });
    expect(asked).toEqual(['a', 'a']);
    expect(logger.lines).toEqual([
      'warn: rate limits unreachable in Redis: counting in this process until it is back',
      'info: rate limits counted in Redis again',
    ]);
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
