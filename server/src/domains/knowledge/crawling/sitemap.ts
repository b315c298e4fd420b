import { load } from 'cheerio';

export interface Sitemap {
  /** `<urlset>` entries. */
  pageUrls: string[];
  /** `<sitemapindex>` entries: more sitemaps to read. */
  sitemapUrls: string[];
}

/** Reads an XML sitemap or sitemap index, or a plain-text sitemap (one URL per line). */
export function parseSitemap(body: string): Sitemap {
  if (!body.trimStart().startsWith('<')) {
    const pageUrls = body
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => /^https?:\/\//i.test(line));
    return { pageUrls, sitemapUrls: [] };
  }
  const $ = load(body, { xml: true });
  const locations = (selector: string) =>
    $(selector)
      .map((_, element) => $(element).text().trim())
      .get()
      .filter((location) => location !== '');
  return { pageUrls: locations('urlset > url > loc'), sitemapUrls: locations('sitemapindex > sitemap > loc') };
}

export function defaultSitemapUrl(siteOrigin: URL): string {
  return new URL('/sitemap.xml', siteOrigin).href;
}
