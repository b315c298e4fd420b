import robotsParserModule from 'robots-parser';
import { CrawlError } from './errors.ts';

// The package is CommonJS (`module.exports = fn`) but its types declare an ES default export, so
// under NodeNext TypeScript types the default import as the module object rather than the function.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

export interface RobotsRules {
  isAllowed(url: URL): boolean;
  /** Pause between two requests to the site, already capped. */
  crawlDelayMs: number;
  /** `Sitemap:` lines. */
  sitemapUrls: string[];
  /** True when robots.txt could not be read and everything is disallowed for now. */
  unreachable: boolean;
}

export function robotsUrl(siteOrigin: URL): string {
  return new URL('/robots.txt', siteOrigin).href;
}

/** `userAgent` is matched by its product token (`ChatbotBuilderBot/1.0 (...)` → `chatbotbuilderbot`). */
export function parseRobots(url: string, text: string, userAgent: string, maxCrawlDelayMs: number): RobotsRules {
  const robots = robotsParser(url, text);
  const crawlDelaySeconds = robots.getCrawlDelay(userAgent) ?? 0;
  return {
    // robots-parser answers undefined for URLs of another origin, which it has no say about.
    isAllowed: (pageUrl) => robots.isAllowed(pageUrl.href, userAgent) ?? true,
    crawlDelayMs: Math.min(Math.max(crawlDelaySeconds, 0) * 1000, maxCrawlDelayMs),
    sitemapUrls: robots.getSitemaps(),
    unreachable: false,
  };
}

const ALLOW_ALL: RobotsRules = { isAllowed: () => true, crawlDelayMs: 0, sitemapUrls: [], unreachable: false };
const DISALLOW_ALL: RobotsRules = { isAllowed: () => false, crawlDelayMs: 0, sitemapUrls: [], unreachable: true };

/**
 * The rules when robots.txt could not be fetched, after RFC 9309 §2.3.1: a robots.txt that is
 * unavailable (4xx, or not a text file) allows everything; one that is unreachable (5xx, network
 * failure, timeout) disallows everything.
 */
export function rulesWhenRobotsFailed(error: unknown): RobotsRules {
  if (!(error instanceof CrawlError)) throw error;
  switch (error.code) {
    case 'http_status':
      return (error.details.status ?? 500) >= 500 ? DISALLOW_ALL : ALLOW_ALL;
    case 'network':
    case 'timeout':
    case 'dns_failure':
      return DISALLOW_ALL;
    case 'aborted':
      throw error;
    default:
      return ALLOW_ALL;
  }
}
