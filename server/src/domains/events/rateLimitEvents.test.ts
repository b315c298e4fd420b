import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock/index.ts';
import { MemoryRateLimiter } from '../../platform/ratelimit/index.ts';
import { rateLimitFamily, recordingRefusals } from './rateLimitEvents.ts';
import type { NewSystemEvent } from './service.ts';

describe('rateLimitFamily', () => {
  it.each([
    ['auth:login:ada@example.org', 'auth:login'],
    ['demo:chat:ip:203.0.113.9', 'demo:chat:ip'],
    ['single', 'single'],
  ])('%s counts for %s', (key, family) => {
    expect(rateLimitFamily(key)).toBe(family);
  });
});

describe('recordingRefusals', () => {
  it('logs the first refusal of each window only', async () => {
    const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));
    const recorded: NewSystemEvent[] = [];
    const limiter = recordingRefusals(new MemoryRateLimiter({ clock }), { record: async (event) => recorded.push(event) }, () => undefined);
    const hit = () => limiter.hit('auth:login:ada@example.org', 2, 60_000);

    expect((await hit()).allowed).toBe(true);
    expect((await hit()).allowed).toBe(true);
    expect(recorded).toEqual([]);
    expect((await hit()).allowed).toBe(false);
    expect((await hit()).allowed).toBe(false);
    expect(recorded).toEqual([{ event: 'Rate limit reached: auth:login', category: 'security', details: 'auth:login:ada@example.org' }]);

    clock.advance(61_000);
    await hit();
    await hit();
    await hit();
    expect(recorded).toHaveLength(2);
  });

  it('logs the refused hit of a turn, by its own key', async () => {
    const recorded: NewSystemEvent[] = [];
    const limiter = recordingRefusals(new MemoryRateLimiter(), { record: async (event) => recorded.push(event) }, () => undefined);
    const turn = [
      { key: 'widget:ip:1.2.3.4', limit: 5, windowMs: 60_000 },
      { key: 'widget:session:s1', limit: 1, windowMs: 60_000 },
    ];
    expect((await limiter.hitInTurn(turn)).map((result) => result.allowed)).toEqual([true, true]);
    expect(recorded).toEqual([]);
    expect((await limiter.hitInTurn(turn)).map((result) => result.allowed)).toEqual([true, false]);
    expect(recorded).toEqual([{ event: 'Rate limit reached: widget:session', category: 'security', details: 'widget:session:s1' }]);
  });
});
