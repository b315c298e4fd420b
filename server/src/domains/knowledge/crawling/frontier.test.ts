import { describe, expect, it } from 'vitest';
import { CrawledPages, Frontier } from './frontier.ts';

const site = new URL('https://acme.test');
const allowAllBut = (disallowedPrefix: string) => ({ isAllowed: (url: URL) => !url.pathname.startsWith(disallowedPrefix) });

function drain(frontier: Frontier): string[] {
  const urls: string[] = [];
  for (let target = frontier.next(); target; target = frontier.next()) urls.push(`${target.url.href} @${target.depth}`);
  return urls;
}

describe('Frontier', () => {
  it('queues each page of the site once, in the order found, on the site origin', () => {
    const frontier = new Frontier(site, allowAllBut('/private/'), 100);
    const links = [
      'https://acme.test/docs',
      'https://acme.test/docs/',
      'https://acme.test/docs#install',
      'http://www.acme.test/docs',
      'https://acme.test:443/docs',
      'https://acme.test/docs?page=2',
      'https://www.acme.test/pricing',
      'https://acme.test/private/admin',
      'https://other.test/docs',
      'https://docs.acme.test/',
      'https://acme.test/brochure.pdf',
      'https://acme.test/logo.PNG',
      'mailto:sales@acme.test',
      'not a url',
    ];
    for (const link of links) frontier.add(link, 1);
    frontier.add('https://acme.test/about', 2);

    expect(drain(frontier)).toEqual([
      'https://acme.test/docs @1',
      'https://acme.test/docs?page=2 @1',
      'https://acme.test/pricing @1',
      'https://acme.test/about @2',
    ]);
    expect(frontier.hasMore()).toBe(false);
  });

  it('does not queue pages marked as seen', () => {
    const frontier = new Frontier(site, allowAllBut('/none/'), 100);
    expect(frontier.markSeen(new URL('https://acme.test/'))).toBe(true);
    expect(frontier.markSeen(new URL('https://acme.test/#top'))).toBe(false);
    frontier.add('https://acme.test/', 1);
    expect(drain(frontier)).toEqual([]);
  });

  it('keeps at most `capacity` URLs waiting', () => {
    const frontier = new Frontier(site, allowAllBut('/none/'), 2);
    for (const page of ['a', 'b', 'c']) frontier.add(`https://acme.test/${page}`, 1);
    expect(frontier.next()?.url.pathname).toBe('/a');
    frontier.add('https://acme.test/d', 1);
    expect(drain(frontier)).toEqual(['https://acme.test/b @1', 'https://acme.test/d @1']);
  });
});

describe('CrawledPages', () => {
  const pages = new CrawledPages();
  pages.add([new URL('https://acme.test/docs/'), new URL('https://acme.test/guide')], 'hash-docs');
  pages.add([new URL('https://acme.test/empty')], null);

  it.each([
    [['https://acme.test/docs'], 'other', true],
    [['https://acme.test/docs#x'], 'other', true],
    [['https://acme.test/new', 'https://acme.test/guide'], 'other', true],
    [['https://acme.test/copy'], 'hash-docs', true],
    [['https://acme.test/also-empty'], null, false],
    [['https://acme.test/empty'], null, true],
    [['https://acme.test/new'], 'other', false],
  ])('%j with content %s is a duplicate: %s', (urls, contentHash, duplicate) => {
    expect(
      pages.has(
        urls.map((url) => new URL(url)),
        contentHash,
      ),
    ).toBe(duplicate);
  });
});
