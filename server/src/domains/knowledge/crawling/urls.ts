import { CrawlError } from './errors.ts';

/**
 * The spec's crawl URL check: the trimmed input must be an absolute http(s) URL without
 * credentials. Returns it normalised (see `normaliseUrl`).
 */
export function validateCrawlUrl(input: unknown): string {
  if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) {
    throw new CrawlError('missing_url');
  }
  const url = typeof input === 'string' ? URL.parse(input.trim()) : null;
  if (!url || !isHttpUrl(url)) throw new CrawlError('invalid_url');
  if (url.username || url.password) throw new CrawlError('credentials_in_url');
  return normaliseUrl(url);
}

export function isHttpUrl(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

/** The URL without its fragment; the URL parser already lower-cases the host and drops default ports. */
function normaliseUrl(url: URL): string {
  const copy = new URL(url);
  copy.hash = '';
  return copy.href;
}

/** The identity of a page for de-duplication: `/docs/` and `/docs` are one page. */
export function urlKey(url: URL): string {
  const copy = new URL(url);
  copy.hash = '';
  if (copy.pathname.length > 1) copy.pathname = copy.pathname.replace(/\/+$/, '');
  return copy.href;
}

/** An http(s) link from a page, resolved against `base`, or null for mailto:, tel:, javascript:... */
export function resolveHttpLink(href: string, base: URL | string): URL | null {
  const url = URL.parse(href.trim(), base);
  if (!url || !isHttpUrl(url) || url.username || url.password) return null;
  url.hash = '';
  return url;
}

function siteName(hostname: string): string {
  return hostname.replace(/^www\./, '');
}

/**
 * `url` moved onto the site's origin when it belongs to the same site, else null. The same site is
 * the same host with or without `www.`, over http or https, on the same explicit port (or on the
 * default ports of both). Keeping every page on one origin makes de-duplication work and avoids a
 * redirect per page.
 */
export function onSiteUrl(url: URL, siteOrigin: URL): URL | null {
  if (siteName(url.hostname) !== siteName(siteOrigin.hostname) || url.port !== siteOrigin.port) return null;
  return new URL(url.pathname + url.search, siteOrigin);
}

const NON_PAGE_EXTENSIONS = new Set(
  (
    'pdf doc docx xls xlsx ppt pptx odt ods odp rtf csv txt json xml rss atom ' +
    'jpg jpeg png gif webp avif svg ico bmp tif tiff heic ' +
    'mp3 mp4 m4a m4v wav ogg oga webm mov avi mkv flac ' +
    'zip gz tgz tar rar 7z bz2 xz exe dmg msi apk iso bin deb rpm ' +
    'css js mjs map woff woff2 ttf otf eot'
  ).split(' '),
);

/** Links whose extension says they are not web pages are not worth a request. */
export function looksLikeNonPage(url: URL): boolean {
  const lastSegment = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  const dot = lastSegment.lastIndexOf('.');
  return dot > 0 && NON_PAGE_EXTENSIONS.has(lastSegment.slice(dot + 1).toLowerCase());
}
