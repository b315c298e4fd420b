import { setTimeout as sleep } from 'node:timers/promises';
import { CrawlError } from './errors.ts';
import { extractPage, type ExtractedPage, type PageSection } from './extract.ts';
import { CrawledPages, Frontier, type CrawlTarget } from './frontier.ts';
import { parseRobots, robotsUrl, rulesWhenRobotsFailed, type RobotsRules } from './robots.ts';
import {
  PAGE_MEDIA_TYPES,
  ROBOTS_MEDIA_TYPES,
  SITEMAP_MEDIA_TYPES,
  safeFetch,
  type FetchedResource,
  type NetworkPolicy,
} from './safeFetch.ts';
import { defaultSitemapUrl, parseSitemap } from './sitemap.ts';
import { onSiteUrl, validateCrawlUrl } from './urls.ts';

export interface CrawlOptions extends NetworkPolicy {
  url: string;
  /** 0: the page alone; 1: the whole site (same host), bounded by the limits below. */
  maxDepth: 0 | 1;
  maxPages?: number;
  /** Budget for the pages' bodies together; a page that would pass it stops the crawl. */
  maxTotalBytes?: number;
  maxPageBytes?: number;
  maxDurationMs?: number;
  requestTimeoutMs?: number;
  concurrency?: number;
  /** Upper bound on a robots.txt Crawl-delay. */
  maxCrawlDelayMs?: number;
  /** Starts with the product token robots.txt groups are matched against. */
  userAgent?: string;
  signal?: AbortSignal;
  /**
   * Pages an earlier, interrupted run of the same crawl read (the start page at depth 0): they are
   * not fetched again; the crawl goes on from their links.
   */
  alreadyRead?: ReadPage[];
}

export interface ReadPage {
  /** The URL that answered. */
  url: string;
  contentHash: string;
  bytes: number;
  depth: number;
  links: string[];
}

export interface CrawledPage {
  /** The URL requested. */
  url: string;
  /** The URL that answered, after redirects. */
  finalUrl: string;
  title: string;
  sections: PageSection[];
  text: string;
  contentHash: string;
  /** Size of the decoded body. */
  bytes: number;
  /** Links followed from the start page to reach it; sitemap entries count as 1. */
  depth: number;
  /** Its links to other pages of the site (at most MAX_KEPT_LINKS), to resume from it. */
  links: string[];
}

export type CrawlStopReason = 'completed' | 'page_limit' | 'byte_limit' | 'time_limit' | 'aborted';

export interface CrawlFailure {
  url: string;
  message: string;
}

export interface CrawlSummary {
  pagesCrawled: number;
  pagesFailed: number;
  /** Sum of the crawled pages' `bytes`. */
  bytes: number;
  durationMs: number;
  stoppedBy: CrawlStopReason;
  failures: CrawlFailure[];
}

const DEFAULT_USER_AGENT = 'ChatbotBuilderBot/1.0';

const CRAWL_DEFAULTS = {
  maxPages: 200,
  maxTotalBytes: 100 * 1024 * 1024,
  maxPageBytes: 5 * 1024 * 1024,
  maxDurationMs: 5 * 60_000,
  requestTimeoutMs: 15_000,
  concurrency: 4,
  maxCrawlDelayMs: 2_000,
  userAgent: DEFAULT_USER_AGENT,
} as const;

const ROBOTS_MAX_BYTES = 512 * 1024;
const SITEMAP_MAX_BYTES = 10 * 1024 * 1024;
const MAX_SITEMAPS = 10;
/** Waiting URLs kept per page the crawl may read. */
const QUEUED_URLS_PER_PAGE = 10;
/** Links of a page kept with it for a resumed crawl. */
const MAX_KEPT_LINKS = 500;

type Settings = Required<Omit<CrawlOptions, 'signal' | 'lookup' | 'allowedPrivateHosts' | 'alreadyRead'>> &
  Pick<CrawlOptions, 'signal' | 'lookup' | 'allowedPrivateHosts' | 'alreadyRead'>;

/**
 * Crawls a site breadth-first and yields each page as it is read; returns the summary. Failures of
 * single pages are recorded in the summary; failure of the start page throws its CrawlError.
 * Pages without text are not yielded (their links are followed), except the start page.
 * Stopping the iteration early cancels the requests in flight.
 */
export async function* crawlSite(options: CrawlOptions): AsyncGenerator<CrawledPage, CrawlSummary, undefined> {
  const settings = withDefaults(options);
  const progress = new CrawlProgress(settings.maxTotalBytes);
  const startUrl = new URL(validateCrawlUrl(settings.url));
  const stop = stopController(settings);
  const pacer = new RequestPacer();
  const client = createSiteClient(settings, stop.signal, pacer);
  const alreadyRead = settings.alreadyRead ?? [];
  const readStart = alreadyRead.find((page) => page.depth === 0);
  try {
    let site: Site;
    if (readStart) {
      site = await resumedSite(startUrl, readStart, client, settings.maxPages * QUEUED_URLS_PER_PAGE);
    } else {
      let start: StartPage;
      try {
        start = await readStartPage(startUrl, client);
      } catch (error) {
        if (stop.reason() === 'time_limit') throw new CrawlError('timeout');
        if (stop.reason() === 'aborted') return progress.summary('aborted');
        throw error;
      }
      if (!progress.fits(start.page)) return progress.summary('byte_limit');
      progress.add(start.page);
      yield start.page;
      site = siteOf(start, settings.maxPages * QUEUED_URLS_PER_PAGE);
    }
    for (const page of alreadyRead) {
      progress.add(page);
      site.frontier.markSeen(new URL(page.url));
      site.crawled.add([new URL(page.url)], page.contentHash);
    }
    if (settings.maxDepth === 0) return progress.summary('completed');
    for (const page of alreadyRead) for (const link of page.links) site.frontier.add(link, page.depth + 1);

    pacer.delayMs = site.rules.crawlDelayMs;
    await readSitemaps(site, client, stop.signal);
    return yield* crawlFrontier(site, client, settings, stop, progress);
  } finally {
    stop.dispose();
  }
}

/** Breadth-first over the frontier, `concurrency` requests at a time. */
async function* crawlFrontier(
  site: Site,
  client: SiteClient,
  settings: Settings,
  stop: StopController,
  progress: CrawlProgress,
): AsyncGenerator<CrawledPage, CrawlSummary, undefined> {
  const inFlight = new Map<CrawlTarget, Promise<PageOutcome>>();
  while (stop.reason() === null) {
    while (inFlight.size < settings.concurrency && progress.pagesCrawled + inFlight.size < settings.maxPages) {
      const target = site.frontier.next();
      if (!target) break;
      inFlight.set(target, fetchTarget(target, client, stop.signal));
    }
    if (inFlight.size === 0) break;
    const outcome = await Promise.race(inFlight.values());
    inFlight.delete(outcome.target);
    if (outcome.kind === 'failed') progress.fail(outcome.target.url, outcome.message);
    if (outcome.kind !== 'fetched') continue;

    const read = readFetchedPage(outcome.target, outcome.resource, site);
    if (!read) continue;
    if (read.page) {
      if (!progress.fits(read.page)) {
        stop.stopBy('byte_limit');
        break;
      }
      progress.add(read.page);
      yield read.page;
    }
    for (const link of read.links) site.frontier.add(link, outcome.target.depth + 1);
  }
  return progress.summary(stop.reason() ?? (site.frontier.hasMore() ? 'page_limit' : 'completed'));
}

function withDefaults(options: CrawlOptions): Settings {
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const settings = { ...CRAWL_DEFAULTS, ...given } as Settings;
  return { ...settings, maxPages: Math.max(1, settings.maxPages), concurrency: Math.max(1, settings.concurrency) };
}

class CrawlProgress {
  pagesCrawled = 0;
  private bytes = 0;
  private readonly failures: CrawlFailure[] = [];
  private readonly startedAt = performance.now();

  constructor(private readonly maxTotalBytes: number) {}

  /** False when the page would take the crawl past its byte budget. */
  fits(page: CrawledPage): boolean {
    return this.bytes + page.bytes <= this.maxTotalBytes;
  }

  add(page: Pick<CrawledPage, 'bytes'>): void {
    this.pagesCrawled += 1;
    this.bytes += page.bytes;
  }

  fail(url: URL, message: string): void {
    this.failures.push({ url: url.href, message });
  }

  summary(stoppedBy: CrawlStopReason): CrawlSummary {
    return {
      pagesCrawled: this.pagesCrawled,
      pagesFailed: this.failures.length,
      bytes: this.bytes,
      durationMs: Math.round(performance.now() - this.startedAt),
      stoppedBy,
      failures: [...this.failures],
    };
  }
}

type StopReason = Exclude<CrawlStopReason, 'completed' | 'page_limit'>;
type StopController = ReturnType<typeof stopController>;

/** One signal for every request of the crawl, aborted by the caller, the deadline or a limit. */
function stopController(settings: Settings) {
  const controller = new AbortController();
  const stopBy = (reason: StopReason) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  const onCallerAbort = () => stopBy('aborted');
  if (settings.signal?.aborted) onCallerAbort();
  settings.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const deadline = setTimeout(() => stopBy('time_limit'), settings.maxDurationMs);
  return {
    signal: controller.signal,
    stopBy,
    reason: (): StopReason | null => (controller.signal.aborted ? (controller.signal.reason as StopReason) : null),
    /** Also cancels what is still in flight when the consumer stops iterating early. */
    dispose: () => {
      clearTimeout(deadline);
      settings.signal?.removeEventListener('abort', onCallerAbort);
      stopBy('aborted');
    },
  };
}

interface SiteClient {
  fetchPage(url: string): Promise<FetchedResource>;
  fetchSitemap(url: string): Promise<FetchedResource>;
  /** The robots.txt rules of `url`'s origin, read once per origin. */
  robotsFor(url: URL): Promise<RobotsRules>;
}

function createSiteClient(settings: Settings, signal: AbortSignal, pacer: RequestPacer): SiteClient {
  const fetchAs = (acceptMediaTypes: readonly string[], maxBytes: number) => async (url: string) => {
    await pacer.wait(signal);
    return safeFetch(url, {
      allowPrivateNetworks: settings.allowPrivateNetworks,
      allowedPrivateHosts: settings.allowedPrivateHosts,
      lookup: settings.lookup,
      userAgent: settings.userAgent,
      acceptMediaTypes,
      maxBytes,
      timeoutMs: settings.requestTimeoutMs,
      signal,
    });
  };
  const fetchRobots = fetchAs(ROBOTS_MEDIA_TYPES, ROBOTS_MAX_BYTES);
  const loadRobots = async (origin: URL): Promise<RobotsRules> => {
    const url = robotsUrl(origin);
    try {
      const resource = await fetchRobots(url);
      return parseRobots(url, resource.body.toString('utf8'), settings.userAgent, settings.maxCrawlDelayMs);
    } catch (error) {
      return rulesWhenRobotsFailed(error);
    }
  };
  const robotsByOrigin = new Map<string, Promise<RobotsRules>>();
  return {
    fetchPage: fetchAs(PAGE_MEDIA_TYPES, settings.maxPageBytes),
    fetchSitemap: fetchAs(SITEMAP_MEDIA_TYPES, SITEMAP_MAX_BYTES),
    robotsFor(url) {
      const rules = robotsByOrigin.get(url.origin) ?? loadRobots(new URL(url.origin));
      robotsByOrigin.set(url.origin, rules);
      return rules;
    },
  };
}

interface StartPage {
  page: CrawledPage;
  /** The origin of the start page's final URL. */
  siteOrigin: URL;
  rules: RobotsRules;
  links: string[];
  /** The URLs the start page answers to. */
  urls: URL[];
}

/**
 * The start page decides the site: its final URL (after redirects such as http → https or
 * apex → www) is the origin every other page is kept on, and that origin's robots.txt applies.
 */
async function readStartPage(startUrl: URL, client: SiteClient): Promise<StartPage> {
  assertAllowedByRobots(await client.robotsFor(startUrl), startUrl);
  const resource = await client.fetchPage(startUrl.href);
  const finalUrl = new URL(resource.finalUrl);
  const rules = await client.robotsFor(finalUrl);
  assertAllowedByRobots(rules, finalUrl);
  const siteOrigin = new URL(finalUrl.origin);
  const extracted = extractPage(resource.body, resource.finalUrl, resource.charset);
  return {
    page: toCrawledPage({ url: startUrl, depth: 0 }, resource, extracted, siteOrigin),
    siteOrigin,
    rules,
    links: extracted.links,
    urls: [startUrl, ...urlsOfPage(finalUrl, extracted.canonicalUrl, siteOrigin)],
  };
}

/** The site as an interrupted run of the crawl left it, from the start page it read: only robots.txt is read again. */
async function resumedSite(startUrl: URL, readStart: ReadPage, client: SiteClient, frontierCapacity: number): Promise<Site> {
  const finalUrl = new URL(readStart.url);
  const origin = new URL(finalUrl.origin);
  const rules = await client.robotsFor(finalUrl);
  const site: Site = { origin, rules, frontier: new Frontier(origin, rules, frontierCapacity), crawled: new CrawledPages() };
  site.frontier.markSeen(startUrl);
  return site;
}

function assertAllowedByRobots(rules: RobotsRules, url: URL): void {
  if (!rules.isAllowed(url)) throw new CrawlError(rules.unreachable ? 'robots_unreachable' : 'robots_disallowed');
}

/** What the crawl knows about the site once the start page is read. */
interface Site {
  origin: URL;
  rules: RobotsRules;
  frontier: Frontier;
  crawled: CrawledPages;
}

function siteOf(start: StartPage, frontierCapacity: number): Site {
  const site: Site = {
    origin: start.siteOrigin,
    rules: start.rules,
    frontier: new Frontier(start.siteOrigin, start.rules, frontierCapacity),
    crawled: new CrawledPages(),
  };
  start.urls.forEach((url) => site.frontier.markSeen(url));
  site.crawled.add(start.urls, start.page.text === '' ? null : start.page.contentHash);
  for (const link of start.links) site.frontier.add(link, 1);
  return site;
}

/** Queues the page URLs of /sitemap.xml and of robots.txt's sitemaps, following sitemap indexes. */
async function readSitemaps(site: Site, client: SiteClient, signal: AbortSignal): Promise<void> {
  const pending = [defaultSitemapUrl(site.origin), ...site.rules.sitemapUrls];
  const read = new Set<string>();
  while (pending.length > 0 && read.size < MAX_SITEMAPS && !signal.aborted) {
    const listed = URL.parse(pending.shift()!);
    const url = listed && onSiteUrl(listed, site.origin);
    if (!url || read.has(url.href)) continue;
    read.add(url.href);
    try {
      const sitemap = parseSitemap((await client.fetchSitemap(url.href)).body.toString('utf8'));
      for (const pageUrl of sitemap.pageUrls) site.frontier.add(pageUrl, 1);
      pending.push(...sitemap.sitemapUrls);
    } catch (error) {
      // A missing or broken sitemap only means fewer URLs to start from.
      if (!(error instanceof CrawlError) && !signal.aborted) throw error;
    }
  }
}

type PageOutcome =
  | { kind: 'fetched'; target: CrawlTarget; resource: FetchedResource }
  | { kind: 'failed'; target: CrawlTarget; message: string }
  | { kind: 'stopped'; target: CrawlTarget };

async function fetchTarget(target: CrawlTarget, client: SiteClient, signal: AbortSignal): Promise<PageOutcome> {
  try {
    return { kind: 'fetched', target, resource: await client.fetchPage(target.url.href) };
  } catch (error) {
    if (signal.aborted) return { kind: 'stopped', target };
    if (error instanceof CrawlError) return { kind: 'failed', target, message: error.message };
    throw error;
  }
}

/**
 * The page and its links, or null when the page is not worth keeping: redirected off the site or
 * into a path robots.txt disallows, or a duplicate (by URL, final URL, canonical URL or content) of
 * a page already read. `page` is null for a page without text.
 */
function readFetchedPage(target: CrawlTarget, resource: FetchedResource, site: Site): { page: CrawledPage | null; links: string[] } | null {
  const finalUrl = onSiteUrl(new URL(resource.finalUrl), site.origin);
  if (!finalUrl || !site.rules.isAllowed(finalUrl)) return null;
  const extracted = extractPage(resource.body, resource.finalUrl, resource.charset);
  const urls = [target.url, ...urlsOfPage(finalUrl, extracted.canonicalUrl, site.origin)];
  // Not worth fetching again when a link to the redirect target or the canonical URL turns up.
  urls.forEach((url) => site.frontier.markSeen(url));
  const contentHash = extracted.text === '' ? null : extracted.contentHash;
  if (site.crawled.has(urls, contentHash)) return null;
  site.crawled.add(urls, contentHash);
  return {
    page: extracted.text === '' ? null : toCrawledPage(target, resource, extracted, site.origin),
    links: extracted.links,
  };
}

/** The URLs a page answers to: where it was served from, and its canonical URL when on the site. */
function urlsOfPage(finalUrl: URL, canonicalUrl: string | null, siteOrigin: URL): URL[] {
  const canonical = canonicalUrl ? URL.parse(canonicalUrl) : null;
  const canonicalOnSite = canonical && onSiteUrl(canonical, siteOrigin);
  return canonicalOnSite ? [finalUrl, canonicalOnSite] : [finalUrl];
}

function toCrawledPage(target: CrawlTarget, resource: FetchedResource, extracted: ExtractedPage, siteOrigin: URL): CrawledPage {
  return {
    url: target.url.href,
    finalUrl: resource.finalUrl,
    title: extracted.title,
    sections: extracted.sections,
    text: extracted.text,
    contentHash: extracted.contentHash,
    bytes: resource.body.length,
    depth: target.depth,
    links: siteLinks(extracted.links, siteOrigin),
  };
}

function siteLinks(links: string[], siteOrigin: URL): string[] {
  const onSite = new Set<string>();
  for (const link of links) {
    const url = URL.parse(link);
    const kept = url && onSiteUrl(url, siteOrigin);
    if (kept) onSite.add(kept.href);
    if (onSite.size === MAX_KEPT_LINKS) break;
  }
  return [...onSite];
}

/** Spaces request starts by robots.txt's Crawl-delay, whatever the concurrency. */
class RequestPacer {
  delayMs = 0;
  private nextStartAt = 0;

  async wait(signal: AbortSignal): Promise<void> {
    if (this.delayMs === 0) return;
    const now = performance.now();
    const startAt = Math.max(now, this.nextStartAt);
    this.nextStartAt = startAt + this.delayMs;
    if (startAt > now) await sleep(startAt - now, undefined, { signal });
  }
}
