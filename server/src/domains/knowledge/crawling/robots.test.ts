import { describe, expect, it } from 'vitest';
import { CrawlError } from './errors.ts';
import { parseRobots, rulesWhenRobotsFailed } from './robots.ts';

const ROBOTS_URL = 'https://acme.test/robots.txt';
const ROBOTS = `
User-agent: *
Disallow: /private/
Crawl-delay: 1

User-agent: ChatbotBuilderBot
Disallow: /no-bots/
Allow: /no-bots/welcome
Crawl-delay: 30

Sitemap: https://acme.test/sitemap-news.xml
`;

describe('parseRobots', () => {
  const rules = parseRobots(ROBOTS_URL, ROBOTS, 'ChatbotBuilderBot/1.0 (+https://acme.test/bot)', 2000);

  it.each([
    ['https://acme.test/', true],
    ['https://acme.test/no-bots/page', false],
    ['https://acme.test/no-bots/welcome', true],
    // Our own group applies, not the * group.
    ['https://acme.test/private/x', true],
    // Another origin is not this robots.txt's business.
    ['https://other.test/no-bots/page', true],
  ])('%s allowed: %s', (url, allowed) => {
    expect(rules.isAllowed(new URL(url))).toBe(allowed);
  });

  it('caps the crawl delay of our group and lists the sitemaps', () => {
    expect(rules.crawlDelayMs).toBe(2000);
    expect(rules.sitemapUrls).toEqual(['https://acme.test/sitemap-news.xml']);
  });

  it('falls back to the * group for other user agents', () => {
    const other = parseRobots(ROBOTS_URL, ROBOTS, 'OtherBot/2.0', 5000);
    expect(other.isAllowed(new URL('https://acme.test/private/x'))).toBe(false);
    expect(other.crawlDelayMs).toBe(1000);
  });
});

describe('rulesWhenRobotsFailed', () => {
  const anyPage = new URL('https://acme.test/page');
  it.each([
    [new CrawlError('http_status', { status: 404 }), true],
    [new CrawlError('http_status', { status: 403 }), true],
    [new CrawlError('unsupported_content_type', { contentType: 'text/html' }), true],
    [new CrawlError('too_large', { limitBytes: 1 }), true],
    [new CrawlError('http_status', { status: 503 }), false],
    [new CrawlError('timeout'), false],
    [new CrawlError('network'), false],
  ])('%s → allowed: %s', (error, allowed) => {
    const rules = rulesWhenRobotsFailed(error);
    expect(rules.isAllowed(anyPage)).toBe(allowed);
    expect(rules.unreachable).toBe(!allowed);
  });

  it('passes cancellation and unexpected errors on', () => {
    expect(() => rulesWhenRobotsFailed(new CrawlError('aborted'))).toThrow(CrawlError);
    expect(() => rulesWhenRobotsFailed(new TypeError('bug'))).toThrow(TypeError);
  });
});
