import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { addAbortSignal, pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { isLocalHostname, isPublicAddress } from './addresses.ts';
import { CrawlError } from './errors.ts';
import { isHttpUrl } from './urls.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses; injectable so tests can map fake public names. */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

/** Where requests may go. */
export interface NetworkPolicy {
  /** Allow loopback, private, link-local... addresses (CRAWL_ALLOW_PRIVATE_NETWORKS). */
  allowPrivateNetworks: boolean;
  /**
   * Host names (lower case, exact) trusted to resolve to private addresses even when
   * `allowPrivateNetworks` is false, e.g. an intranet site of an on-premise install. Redirects
   * off these hosts are checked as usual.
   */
  allowedPrivateHosts?: readonly string[];
  lookup?: HostLookup;
}

export interface SafeFetchOptions extends NetworkPolicy {
  userAgent: string;
  /** Media types accepted for the final response, e.g. `PAGE_MEDIA_TYPES`. */
  acceptMediaTypes: readonly string[];
  /** Cap on the decoded body, checked while streaming. */
  maxBytes: number;
  /** For the whole fetch: every redirect hop and the body. */
  timeoutMs: number;
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface FetchedResource {
  /** The URL asked for, without fragment. */
  url: string;
  /** The URL that answered, after redirects. */
  finalUrl: string;
  status: number;
  mediaType: string;
  /** From the Content-Type header, if any. */
  charset: string | undefined;
  body: Buffer;
}

export const PAGE_MEDIA_TYPES = ['text/html', 'application/xhtml+xml'] as const;
export const SITEMAP_MEDIA_TYPES = ['application/xml', 'text/xml', 'text/plain'] as const;
export const ROBOTS_MEDIA_TYPES = ['text/plain'] as const;

const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DNS_ERROR_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME', 'ENODATA']);

const systemLookup: HostLookup = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/**
 * GET an http(s) URL without ever connecting to a refused address: each hop's host is resolved
 * once, every answer checked, and the connection pinned to the checked address, so a DNS answer
 * that changes between check and connect (rebinding) cannot redirect it. Redirects are followed
 * by hand and each hop is checked again.
 */
export async function safeFetch(url: string, options: SafeFetchOptions): Promise<FetchedResource> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    return await fetchFollowingRedirects(parseTarget(url), options, signal);
  } catch (error) {
    if (error instanceof CrawlError) throw error;
    if (options.signal?.aborted) throw new CrawlError('aborted');
    if (timeout.aborted) throw new CrawlError('timeout');
    throw new CrawlError('network');
  }
}

function parseTarget(href: string, base?: URL): URL {
  const url = URL.parse(href, base);
  if (!url) throw new CrawlError('invalid_url');
  if (!isHttpUrl(url)) throw new CrawlError('bad_scheme');
  if (url.username || url.password) throw new CrawlError('credentials_in_url');
  url.hash = '';
  return url;
}

async function fetchFollowingRedirects(start: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<FetchedResource> {
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let current = start;
  for (let redirects = 0; ; redirects += 1) {
    const pinned = await abortable(pinAddress(current.hostname, options), signal);
    const response = await request(current, pinned, options, signal);
    const location = response.headers.location;
    if (!REDIRECT_STATUSES.has(response.statusCode ?? 0) || !location) {
      return await readResource(response, start, current, options, signal);
    }
    response.destroy();
    if (redirects >= maxRedirects) throw new CrawlError('too_many_redirects');
    current = parseTarget(location, current);
  }
}

/** The address to connect to for `hostname`, or a refusal. */
async function pinAddress(hostname: string, policy: NetworkPolicy): Promise<ResolvedAddress> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const trusted = policy.allowPrivateNetworks || (policy.allowedPrivateHosts ?? []).includes(host);
  if (!trusted && isLocalHostname(host)) throw new CrawlError('blocked_address');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) as 4 | 6 }] : await resolve(host, policy);
  // A host with one private answer among public ones is refused outright: which answer gets used
  // is up to whoever controls its DNS.
  if (!trusted && !addresses.every(({ address }) => isPublicAddress(address))) {
    throw new CrawlError('blocked_address');
  }
  return addresses[0]!;
}

async function resolve(host: string, policy: NetworkPolicy): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await (policy.lookup ?? systemLookup)(host);
  } catch (error) {
    throw DNS_ERROR_CODES.has((error as NodeJS.ErrnoException).code ?? '') ? new CrawlError('dns_failure') : error;
  }
  if (addresses.length === 0) throw new CrawlError('dns_failure');
  return addresses;
}

function request(url: URL, pinned: ResolvedAddress, options: SafeFetchOptions, signal: AbortSignal): Promise<http.IncomingMessage> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(url, {
      agent: false,
      signal,
      lookup: pinnedLookup(pinned),
      headers: {
        'user-agent': options.userAgent,
        accept: `${options.acceptMediaTypes.join(', ')}, */*;q=0.1`,
        'accept-encoding': 'gzip, deflate, br',
      },
    });
    outgoing.once('response', resolve);
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Node would resolve the host again when connecting; this answers with the checked address. */
function pinnedLookup({ address, family }: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

async function readResource(
  response: http.IncomingMessage,
  requested: URL,
  final: URL,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<FetchedResource> {
  try {
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) throw new CrawlError('http_status', { status });
    const { mediaType, charset } = parseContentType(response.headers['content-type']);
    if (!options.acceptMediaTypes.includes(mediaType)) {
      throw new CrawlError('unsupported_content_type', { contentType: mediaType });
    }
    if (Number(response.headers['content-length']) > options.maxBytes) {
      throw new CrawlError('too_large', { limitBytes: options.maxBytes });
    }
    const decoded = decodedBody(addAbortSignal(signal, response), mediaType);
    const body = await readCapped(decoded, options.maxBytes);
    return { url: requested.href, finalUrl: final.href, status, mediaType, charset, body };
  } finally {
    response.destroy();
  }
}

function parseContentType(header: string | undefined): { mediaType: string; charset: string | undefined } {
  const [type = '', ...parameters] = (header ?? '').split(';');
  const charset = parameters
    .map((parameter) => parameter.trim().match(/^charset\s*=\s*"?([^"\s]+)"?$/i)?.[1])
    .find((value) => value !== undefined);
  return { mediaType: type.trim().toLowerCase(), charset };
}

function decodedBody(response: http.IncomingMessage, mediaType: string): Readable {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const decoder = contentDecoder(encoding);
  if (decoder === undefined) {
    throw new CrawlError('unsupported_content_type', { contentType: `${mediaType} (${encoding} encoded)` });
  }
  // The error reaches whoever reads the returned stream; the callback has nothing to add.
  return decoder ? pipeline(response, decoder, () => {}) : response;
}

/** A decompressor, null for no encoding, undefined for an encoding we did not ask for. */
function contentDecoder(encoding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null | undefined {
  switch (encoding) {
    case 'identity':
    case '':
      return null;
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return undefined;
  }
}

async function readCapped(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      stream.destroy();
      throw new CrawlError('too_large', { limitBytes: maxBytes });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/** DNS lookups take no signal; this stops waiting for one when the fetch is aborted. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
