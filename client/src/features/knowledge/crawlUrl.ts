export type UrlCheck = 'missing' | 'invalid' | 'valid';

/** The spec's three crawl-URL states: only an absolute http(s) address with a host is valid. */
export function checkCrawlUrl(value: string): UrlCheck {
  const trimmed = value.trim();
  if (trimmed === '') return 'missing';
  try {
    const url = new URL(trimmed);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? 'valid' : 'invalid';
  } catch {
    return 'invalid';
  }
}

/** One toast per crawl: its start's, replaced by its end's (CrawlHistory), so "started" never outlives "finished". */
export function crawlToastId(crawlId: string): string {
  return `crawl:${crawlId}`;
}
