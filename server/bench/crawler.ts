import { crawlSite } from '../src/domains/knowledge/crawling/crawl.ts';
import { htmlPage, serveLocalSite, type RouteHandler } from '../test/localSite.ts';

export interface CrawlBenchResult {
  pages: number;
  durationMs: number;
  pagesPerSecond: number;
}

const SITE_PAGES = 300;
const LINKS_PER_PAGE = 5;

/** Crawls a generated 300-page site on 127.0.0.1 at depth 1. */
export async function benchCrawl(): Promise<CrawlBenchResult> {
  const site = await serveLocalSite(generatedSite(SITE_PAGES));
  try {
    let pages = 0;
    const crawl = crawlSite({ url: `${site.origin}/`, maxDepth: 1, maxPages: SITE_PAGES + 1, allowPrivateNetworks: true });
    for (;;) {
      const next = await crawl.next();
      if (next.done) {
        const { durationMs } = next.value;
        return { pages, durationMs, pagesPerSecond: Math.round((pages / durationMs) * 1000) };
      }
      pages += 1;
    }
  } finally {
    await site.close();
  }
}

/** A home page and `count` articles, each with the usual page furniture, a fact of its own and links onward. */
export function generatedSite(count: number): Record<string, RouteHandler> {
  const nav = '<nav><a href="/">Home</a> <a href="/page/0">First</a> <a href="/about.pdf">Brochure</a></nav>';
  const footer = '<footer>© Bench Inc. <a href="https://elsewhere.test/">Partner</a></footer>';
  const routes: Record<string, RouteHandler> = {
    '/': htmlPage(`${nav}<main><h1>Home</h1>${links(0, LINKS_PER_PAGE, count)}</main>${footer}`, { title: 'Home' }),
  };
  for (let index = 0; index < count; index += 1) {
    const paragraphs = Array.from(
      { length: 6 },
      (_, paragraph) => `<p>Article ${index}, paragraph ${paragraph}: ${'lorem ipsum dolor sit amet '.repeat(8)}</p>`,
    ).join('');
    routes[`/page/${index}`] = htmlPage(
      `${nav}<main><h1>Article ${index}</h1>${paragraphs}<p>${articleFact(index)}</p><h2>Related</h2>${links(index + 1, LINKS_PER_PAGE, count)}</main>${footer}`,
      { title: `Article ${index}` },
    );
  }
  return routes;
}

function links(from: number, length: number, count: number): string {
  return Array.from({ length }, (_, offset) => `<a href="/page/${(from + offset) % count}">Next</a>`).join(' ');
}

/** A sentence only article `index` says, to ask about once the site is indexed. */
export function articleFact(index: number): string {
  return `The storage locker of article ${index} opens with the code ${lockerCode(index)}.`;
}

export const lockerCode = (index: number) => `Q${(index * 7919) % 100_000}Z`;
