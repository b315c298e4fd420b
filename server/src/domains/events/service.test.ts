import { describe, expect, it } from 'vitest';
import { eventLevel } from './service.ts';

describe('eventLevel', () => {
  it.each([
    ['Payment failed for invoice 42', 'error'],
    ['Webhook error: bad signature', 'error'],
    ['Crawl pending for example.com', 'warning'],
    ['Rate limit reached on login', 'warning'],
    ['Warning: key expires soon', 'warning'],
    ['Invoice paid', 'success'],
    ['Document processed', 'success'],
    ['User created', 'success'],
    ['WhatsApp number linked', 'success'],
    ['Site crawled', 'success'],
    ['User signed in', 'info'],
    ['Payment FAILED after being created', 'error'],
  ] as const)('%s is %s', (event, level) => {
    expect(eventLevel(event)).toBe(level);
  });
});
