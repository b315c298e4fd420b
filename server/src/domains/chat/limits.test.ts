import { describe, expect, it } from 'vitest';
import { RateLimitError } from '../../errors.ts';
import { ManualClock } from '../../platform/clock/index.ts';
import { MemoryRateLimiter } from '../../platform/ratelimit/index.ts';
import { enforceRateLimit } from '../../platform/ratelimit/enforce.ts';
import { WIDGET_LIMIT_MESSAGES, WIDGET_RATE_LIMITS, type WidgetLimit } from './limits.ts';

/** Counts `hits` attempts `apartMs` apart against one key by a rule; the last one's refusal, or null when all passed. */
async function lastRefusal(which: WidgetLimit, hits: number, apartMs: number): Promise<string | null> {
  const clock = new ManualClock();
  const limiter = new MemoryRateLimiter({ clock });
  let refusal: string | null = null;
  for (let hit = 0; hit < hits; hit++) {
    if (hit > 0) clock.advance(apartMs);
    refusal = await enforceRateLimit(limiter, 'one-key', WIDGET_RATE_LIMITS[which], WIDGET_LIMIT_MESSAGES[which]).then(
      () => null,
      (error: unknown) => {
        if (error instanceof RateLimitError) return error.message;
        throw error;
      },
    );
  }
  return refusal;
}

const SECOND = 1000;

describe('the widget’s limits', () => {
  it.each<[string, WidgetLimit, number, number, string | null]>([
    ['a class of 30 opening the chat in one minute behind one address', 'sessionsPerIp', 30, 2 * SECOND, null],
    ['an office of 100 opening it at once behind one address', 'sessionsPerIp', 100, 0, null],
    ['an office of 400 opening it over an hour behind one address', 'sessionsPerIp', 400, 9 * SECOND, null],
    [
      'a script opening its 101st chat at once from one address',
      'sessionsPerIp',
      101,
      0,
      'Too many new chats from your network. Please wait 600 seconds.',
    ],
    ['a visitor sending 20 messages in a minute', 'perSession', 20, 2 * SECOND, null],
    ['a visitor’s 21st message in a minute', 'perSession', 21, 1 * SECOND, 'Too many messages. Please wait 40 seconds.'],
    [
      'the 31st message in a minute from one address',
      'perIp',
      31,
      1 * SECOND,
      'Too many messages from your network. Please wait 30 seconds.',
    ],
    [
      'a bot’s 301st message in a minute (no plan setting)',
      'perBot',
      301,
      0,
      'This chatbot is receiving too many messages. Please wait 60 seconds.',
    ],
  ])('%s', async (_case, which, hits, apartMs, expected) => {
    expect(await lastRefusal(which, hits, apartMs)).toBe(expected);
  });

  it('never makes an address wait more than ten minutes for a new chat', () => {
    expect(WIDGET_RATE_LIMITS.sessionsPerIp.windowMs).toBeLessThanOrEqual(10 * 60 * SECOND);
  });

  it('says what was limited, in a different sentence for each rule', () => {
    const sentences = Object.values(WIDGET_LIMIT_MESSAGES).map((message) => message(5));
    expect(new Set(sentences).size).toBe(sentences.length);
    for (const sentence of sentences) expect(sentence).toMatch(/ Please wait 5 seconds\.$/);
  });
});
