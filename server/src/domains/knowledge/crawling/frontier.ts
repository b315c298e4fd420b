import type { RobotsRules } from './robots.ts';
import { looksLikeNonPage, onSiteUrl, urlKey } from './urls.ts';

export interface CrawlTarget {
  url: URL;
  /** Links followed from the start page; sitemap entries count as 1. */
  depth: number;
}

/** URLs waiting to be crawled: each page of the site once, in breadth-first order. */
export class Frontier {
  private readonly queue: CrawlTarget[] = [];
  private head = 0;
  private readonly seen = new Set<string>();

  /** `capacity` bounds the waiting URLs, so a sitemap with millions of entries cannot exhaust memory. */
  constructor(
    private readonly siteOrigin: URL,
    private readonly rules: Pick<RobotsRules, 'isAllowed'>,
    private readonly capacity: number,
  ) {}

  /** Remembers a page as known without queueing it; false when it was known already. */
  markSeen(url: URL): boolean {
    const key = urlKey(url);
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }

  /** Queues an absolute URL if it is an unseen page of the site that robots.txt allows. */
  add(href: string, depth: number): void {
    const listed = URL.parse(href);
    const url = listed && onSiteUrl(listed, this.siteOrigin);
    if (!url || looksLikeNonPage(url) || !this.markSeen(url) || !this.rules.isAllowed(url)) return;
    if (this.queue.length - this.head < this.capacity) this.queue.push({ url, depth });
  }

  next(): CrawlTarget | undefined {
    return this.head < this.queue.length ? this.queue[this.head++] : undefined;
  }

  hasMore(): boolean {
    return this.head < this.queue.length;
  }
}

/** Pages already read, by every URL they answer to and by content. */
export class CrawledPages {
  private readonly urlKeys = new Set<string>();
  private readonly contentHashes = new Set<string>();

  /** A page without text has a null hash: empty pages are not duplicates of each other. */
  has(urls: URL[], contentHash: string | null): boolean {
    return (contentHash !== null && this.contentHashes.has(contentHash)) || urls.some((url) => this.urlKeys.has(urlKey(url)));
  }

  add(urls: URL[], contentHash: string | null): void {
    if (contentHash !== null) this.contentHashes.add(contentHash);
    for (const url of urls) this.urlKeys.add(urlKey(url));
  }
}
