import { describe, expect, it } from 'vitest';
import { CrawlError } from './errors.ts';
import { looksLikeNonPage, onSiteUrl, resolveHttpLink, urlKey, validateCrawlUrl } from './urls.ts';

describe('validateCrawlUrl', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['  http://Example.COM:80/Docs/?q=1#intro  ', 'http://example.com/Docs/?q=1'],
    ['https://example.com:443/a', 'https://example.com/a'],
    ['https://example.com:8443/a', 'https://example.com:8443/a'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example/'],
  ])('accepts %j as %s', (input, normalised) => {
    expect(validateCrawlUrl(input)).toBe(normalised);
  });

  it.each([
    ['', 'missing_url', 'Missing URL: Please enter a valid website URL.'],
    ['   ', 'missing_url', 'Missing URL: Please enter a valid website URL.'],
    [undefined, 'missing_url', 'Missing URL: Please enter a valid website URL.'],
    [null, 'missing_url', 'Missing URL: Please enter a valid website URL.'],
    ['example.com', 'invalid_url', 'Invalid URL: Please enter a valid website URL (including http/https).'],
    ['not a url', 'invalid_url', 'Invalid URL: Please enter a valid website URL (including http/https).'],
    ['http://', 'invalid_url', 'Invalid URL: Please enter a valid website URL (including http/https).'],
    ['ftp://example.com/', 'invalid_url', 'Invalid URL: Please enter a valid website URL (including http/https).'],
    ['javascript:alert(1)', 'invalid_url', 'Invalid URL: Please enter a valid website URL (including http/https).'],
    ['file:///etc/passwd', 'invalid_url', 'Invalid URL: Please enter a valid website URL (including http/https).'],
    [42, 'invalid_url', 'Invalid URL: Please enter a valid website URL (including http/https).'],
    ['https://user:secret@example.com/', 'credentials_in_url', expect.stringMatching(/^Invalid URL: /)],
    ['https://user@example.com/', 'credentials_in_url', expect.stringMatching(/^Invalid URL: /)],
  ])('refuses %j with %s', (input, code, message) => {
    const error = catchError(() => validateCrawlUrl(input));
    expect(error).toBeInstanceOf(CrawlError);
    expect(error).toMatchObject({ code, message, kind: 'validation' });
  });
});

describe('urlKey', () => {
  it.each([
    ['https://example.com/docs/', 'https://example.com/docs'],
    ['https://example.com/docs', 'https://example.com/docs'],
    ['https://example.com/docs//', 'https://example.com/docs'],
    ['https://example.com/docs#install', 'https://example.com/docs'],
    ['https://example.com/', 'https://example.com/'],
    ['https://example.com', 'https://example.com/'],
    ['HTTPS://EXAMPLE.com:443/a/', 'https://example.com/a'],
    ['http://example.com:80/a', 'http://example.com/a'],
    ['http://example.com:8080/a', 'http://example.com:8080/a'],
    ['https://example.com/a/?page=2', 'https://example.com/a?page=2'],
    ['https://example.com/a?page=2#top', 'https://example.com/a?page=2'],
    ['https://example.com/%7Euser', 'https://example.com/%7Euser'],
  ])('%s → %s', (url, key) => {
    expect(urlKey(new URL(url))).toBe(key);
  });
});

describe('onSiteUrl', () => {
  const site = new URL('https://example.com');
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['https://www.example.com/a', 'https://example.com/a'],
    ['http://example.com/a', 'https://example.com/a'],
    ['http://www.example.com/a', 'https://example.com/a'],
    ['https://EXAMPLE.com/a', 'https://example.com/a'],
    ['https://docs.example.com/a', null],
    ['https://example.org/a', null],
    ['https://example.com.evil.test/a', null],
    ['https://example.com:8443/a', null],
  ])('%s → %s', (url, expected) => {
    expect(onSiteUrl(new URL(url), site)?.href ?? null).toBe(expected);
  });

  it('keeps the port of a site served on one', () => {
    const local = new URL('http://site.test:8080');
    expect(onSiteUrl(new URL('http://www.site.test:8080/a'), local)?.href).toBe('http://site.test:8080/a');
    expect(onSiteUrl(new URL('http://site.test/a'), local)).toBeNull();
  });
});

describe('resolveHttpLink', () => {
  const page = 'https://example.com/docs/guide/';
  it.each([
    ['intro', 'https://example.com/docs/guide/intro'],
    ['../api#x', 'https://example.com/docs/api'],
    ['/about', 'https://example.com/about'],
    ['//cdn.example.com/x', 'https://cdn.example.com/x'],
    ['  https://other.test/  ', 'https://other.test/'],
    ['mailto:hi@example.com', null],
    ['tel:+123', null],
    ['javascript:void(0)', null],
    ['data:text/html,hi', null],
    ['https://user:pw@example.com/', null],
    ['http://[::1', null],
  ])('%s → %s', (href, expected) => {
    expect(resolveHttpLink(href, page)?.href ?? null).toBe(expected);
  });
});

describe('looksLikeNonPage', () => {
  it.each([
    ['https://e.com/manual.pdf', true],
    ['https://e.com/photo.JPG', true],
    ['https://e.com/archive.tar.gz', true],
    ['https://e.com/data.zip?download=1', true],
    ['https://e.com/feed.xml', true],
    ['https://e.com/about', false],
    ['https://e.com/about.html', false],
    ['https://e.com/page.php?id=3', false],
    ['https://e.com/v1.2/docs', false],
    ['https://e.com/.well-known/', false],
    ['https://e.com/', false],
  ])('%s: %s', (url, expected) => {
    expect(looksLikeNonPage(new URL(url))).toBe(expected);
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
