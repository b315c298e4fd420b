import { describe, expect, it } from 'vitest';
import { parseSitemap } from './sitemap.ts';

describe('parseSitemap', () => {
  it('reads the page URLs of a urlset, ignoring image locations', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
        <url><loc> https://acme.test/a </loc><lastmod>2025-01-01</lastmod></url>
        <url><loc>https://acme.test/b?x=1&amp;y=2</loc><image:image><image:loc>https://acme.test/i.png</image:loc></image:image></url>
        <url><loc></loc></url>
      </urlset>`;
    expect(parseSitemap(xml)).toEqual({ pageUrls: ['https://acme.test/a', 'https://acme.test/b?x=1&y=2'], sitemapUrls: [] });
  });

  it('reads the sitemaps of a sitemap index', () => {
    const xml = `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <sitemap><loc>https://acme.test/sitemap-1.xml</loc></sitemap>
        <sitemap><loc>https://acme.test/sitemap-2.xml</loc></sitemap>
      </sitemapindex>`;
    expect(parseSitemap(xml)).toEqual({
      pageUrls: [],
      sitemapUrls: ['https://acme.test/sitemap-1.xml', 'https://acme.test/sitemap-2.xml'],
    });
  });

  it('reads a plain-text sitemap, one URL per line', () => {
    expect(parseSitemap('https://acme.test/a\r\n\n  https://acme.test/b \nnot a url\n')).toEqual({
      pageUrls: ['https://acme.test/a', 'https://acme.test/b'],
      sitemapUrls: [],
    });
  });

  it('finds nothing in an HTML page served as a sitemap', () => {
    expect(parseSitemap('<html><body><a href="/x">x</a></body></html>')).toEqual({ pageUrls: [], sitemapUrls: [] });
  });
});
