import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CrawlError, type CrawlErrorCode } from './errors.ts';
import { htmlPage, redirectTo, respond, serveLocalSite, type LocalSite } from '../../../../test/localSite.ts';
import { PAGE_MEDIA_TYPES, safeFetch, type HostLookup, type SafeFetchOptions } from './safeFetch.ts';

/** A resolver for made-up host names; it records what it was asked. */
function fakeDns(records: Record<string, string[]>) {
  const queries: string[] = [];
  const lookup: HostLookup = async (hostname) => {
    queries.push(hostname);
    const addresses = records[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { lookup, queries };
}

let site: LocalSite;
let port: number;
let dns: ReturnType<typeof fakeDns>;

beforeAll(async () => {
  site = await serveLocalSite({
    '/': htmlPage('<p>Home</p>'),
    '/secret': htmlPage('<p>Instance credentials</p>'),
    '/to-loopback': (request, response) => redirectTo(`http://127.0.0.1:${port}/secret`, 302)(request, response),
    '/to-rebind': (request, response) => redirectTo(`http://rebind.test:${port}/secret`, 307)(request, response),
    '/to-metadata': redirectTo('http://169.254.169.254/latest/meta-data/'),
    '/to-ftp': redirectTo('ftp://docs.test/file'),
    '/loop': redirectTo('/loop'),
    '/chain/1': redirectTo('/chain/2'),
    '/chain/2': redirectTo('/chain/3'),
    '/chain/3': redirectTo('/chain/4'),
    '/chain/4': redirectTo('/chain/5'),
    '/chain/5': redirectTo('/'),
    '/declared-huge': respond(200, 'text/html', Buffer.alloc(300_000, 'a')),
    '/streamed-huge': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      for (let i = 0; i < 30; i += 1) response.write(Buffer.alloc(10_000, 'a'));
      response.end();
    },
    '/gzip': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=UTF-8', 'content-encoding': 'gzip' });
      response.end(gzipSync('<p>Compressed</p>'));
    },
    '/gzip-bomb': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      response.end(gzipSync(Buffer.alloc(5_000_000)));
    },
    '/zstd': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'zstd' });
      response.end('??');
    },
    '/hangs': () => {},
    '/hangs-mid-body': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<p>Start');
    },
    '/manual.pdf': respond(200, 'application/pdf', '%PDF-1.7'),
    '/no-type': (_request, response) => response.end('<p>?</p>'),
  });
  port = site.port;
});

afterAll(() => site.close());

beforeEach(() => {
  site.requests.length = 0;
  dns = fakeDns({
    'docs.test': ['127.0.0.1'],
    'rebind.test': ['127.0.0.1'],
    'internal.test': ['10.0.0.7'],
    'mixed.test': ['93.184.216.34', '127.0.0.1'],
    'mapped.test': ['::ffff:127.0.0.1'],
  });
});

function fetchWith(url: string, options: Partial<SafeFetchOptions> = {}) {
  return safeFetch(url, {
    allowPrivateNetworks: false,
    lookup: dns.lookup,
    userAgent: 'TestBot/1.0',
    acceptMediaTypes: PAGE_MEDIA_TYPES,
    maxBytes: 100_000,
    timeoutMs: 5_000,
    ...options,
  });
}

async function refusal(promise: Promise<unknown>): Promise<CrawlError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CrawlError);
  return error as CrawlError;
}

describe('safeFetch refuses private and local addresses', () => {
  it.each([
    ['loopback', () => `http://127.0.0.1:${port}/secret`],
    ['loopback elsewhere in 127/8', () => `http://127.0.0.2:${port}/secret`],
    ['IPv6 loopback', () => `http://[::1]:${port}/secret`],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port}/secret`],
    ['hexadecimal IPv4', () => `http://0x7f000001:${port}/secret`],
    ['decimal IPv4', () => `http://2130706433:${port}/secret`],
    ['octal IPv4', () => `http://0177.0.0.1:${port}/secret`],
    ['short IPv4', () => `http://127.1:${port}/secret`],
    ['unspecified', () => `http://0.0.0.0:${port}/secret`],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['private 10/8', () => 'http://10.0.0.1/'],
    ['private 192.168/16', () => 'http://192.168.1.1/'],
    ['CGNAT', () => 'http://100.64.0.1/'],
    ['IPv6 unique-local', () => 'http://[fd00::1]/'],
    ['IPv6 link-local', () => 'http://[fe80::1]/'],
    ['localhost', () => `http://localhost:${port}/secret`],
    ['localhost with a trailing dot', () => `http://localhost.:${port}/secret`],
    ['a *.localhost name', () => `http://app.localhost:${port}/secret`],
    ['the GCP metadata name', () => 'http://metadata.google.internal/computeMetadata/v1/'],
    ['a name resolving to loopback', () => `http://rebind.test:${port}/secret`],
    ['a name resolving to a private address', () => 'http://internal.test/'],
    ['a name resolving to IPv4-mapped loopback', () => `http://mapped.test:${port}/secret`],
    ['a name with one loopback answer among public ones', () => `http://mixed.test:${port}/secret`],
  ])('refuses %s without connecting', async (_case, url) => {
    const error = await refusal(fetchWith(url()));
    expect(error.code).toBe('blocked_address');
    expect(error.message).toBe('Blocked URL: This address points to a private or local network and cannot be crawled.');
    expect(site.requests).toEqual([]);
  });

  it('decides local names and IP literals without asking DNS', async () => {
    await refusal(fetchWith(`http://localhost:${port}/`));
    await refusal(fetchWith('http://metadata.google.internal/'));
    await refusal(fetchWith(`http://127.0.0.1:${port}/`));
    expect(dns.queries).toEqual([]);
  });

  it.each([
    ['an IP literal', '/to-loopback'],
    ['a name resolving to loopback', '/to-rebind'],
    ['the metadata address', '/to-metadata'],
  ])('checks a redirect to %s again and does not follow it', async (_case, path) => {
    const error = await refusal(fetchWith(`http://docs.test:${port}${path}`, { allowedPrivateHosts: ['docs.test'] }));
    expect(error.code).toBe('blocked_address');
    expect(site.paths()).toEqual([path]);
  });

  it('connects to the address it checked, keeping the host name in the Host header', async () => {
    const resource = await fetchWith(`http://docs.test:${port}/`, { allowPrivateNetworks: true });
    expect(resource.body.toString()).toContain('Home');
    // docs.test exists only in the fake resolver: the connection used the checked answer.
    expect(dns.queries).toEqual(['docs.test']);
    expect(site.requests).toEqual([{ host: `docs.test:${port}`, path: '/' }]);
  });

  it('lets allowPrivateNetworks reach loopback', async () => {
    const resource = await fetchWith(`http://127.0.0.1:${port}/`, { allowPrivateNetworks: true });
    expect(resource).toMatchObject({ status: 200, mediaType: 'text/html', charset: 'utf-8' });
  });
});

describe('safeFetch redirects', () => {
  const options = { allowPrivateNetworks: true };

  it('follows up to five redirects and reports where it ended', async () => {
    const resource = await fetchWith(`http://docs.test:${port}/chain/1#part`, options);
    expect(resource.url).toBe(`http://docs.test:${port}/chain/1`);
    expect(resource.finalUrl).toBe(`http://docs.test:${port}/`);
    expect(dns.queries).toHaveLength(6);
  });

  it('gives up after five redirects', async () => {
    const error = await refusal(fetchWith(`http://docs.test:${port}/loop`, options));
    expect(error.code).toBe('too_many_redirects');
    expect(site.paths()).toHaveLength(6);
  });

  it('refuses a redirect to a scheme other than http(s)', async () => {
    expect((await refusal(fetchWith(`http://docs.test:${port}/to-ftp`, options))).code).toBe('bad_scheme');
  });

  it('refuses URLs it cannot fetch before connecting', async () => {
    expect((await refusal(fetchWith('file:///etc/passwd', options))).code).toBe('bad_scheme');
    expect((await refusal(fetchWith('not a url', options))).code).toBe('invalid_url');
    expect((await refusal(fetchWith(`http://me:pw@docs.test:${port}/`, options))).code).toBe('credentials_in_url');
    expect(site.requests).toEqual([]);
  });
});

describe('safeFetch bounds', () => {
  const options = { allowPrivateNetworks: true, maxBytes: 100_000 };

  it.each<[string, string, CrawlErrorCode, string]>([
    ['a declared length over the cap', '/declared-huge', 'too_large', 'Page too large: The page is bigger than the 98 KB limit.'],
    ['a streamed body over the cap', '/streamed-huge', 'too_large', 'Page too large: The page is bigger than the 98 KB limit.'],
    ['a compressed body that inflates over the cap', '/gzip-bomb', 'too_large', 'Page too large: The page is bigger than the 98 KB limit.'],
    ['an HTTP error', '/missing', 'http_status', 'Page unavailable: The website answered with HTTP status 404.'],
    ['a PDF', '/manual.pdf', 'unsupported_content_type', 'Unsupported content: Only web pages can be crawled (this is application/pdf).'],
    [
      'a response without a content type',
      '/no-type',
      'unsupported_content_type',
      'Unsupported content: Only web pages can be crawled (this is an unknown type).',
    ],
    [
      'an encoding it did not ask for',
      '/zstd',
      'unsupported_content_type',
      'Unsupported content: Only web pages can be crawled (this is text/html (zstd encoded)).',
    ],
  ])('refuses %s', async (_case, path, code, message) => {
    const error = await refusal(fetchWith(`http://docs.test:${port}${path}`, options));
    expect({ code: error.code, message: error.message }).toEqual({ code, message });
  });

  it('keeps the status of an HTTP error', async () => {
    const error = await refusal(fetchWith(`http://docs.test:${port}/missing`, options));
    expect(error.details).toEqual({ status: 404 });
  });

  it.each(['/hangs', '/hangs-mid-body'])('times out on %s', async (path) => {
    const error = await refusal(fetchWith(`http://docs.test:${port}${path}`, { ...options, timeoutMs: 200 }));
    expect(error.code).toBe('timeout');
    expect(error.message).toBe('Timed out: The website took too long to respond.');
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = fetchWith(`http://docs.test:${port}/hangs`, { ...options, signal: controller.signal });
    controller.abort();
    expect((await refusal(pending)).code).toBe('aborted');
  });

  it('decompresses gzip bodies', async () => {
    const resource = await fetchWith(`http://docs.test:${port}/gzip`, options);
    expect(resource.body.toString()).toBe('<p>Compressed</p>');
    expect(resource.charset).toBe('UTF-8');
  });

  it('reports a name that does not resolve', async () => {
    expect((await refusal(fetchWith('http://unknown.test/', options))).code).toBe('dns_failure');
  });

  it('reports a refused connection', async () => {
    const closed = await serveLocalSite({});
    await closed.close();
    expect((await refusal(fetchWith(`http://docs.test:${closed.port}/`, options))).code).toBe('network');
  });
});
