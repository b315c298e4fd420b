import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { crawlSite, type CrawledPage, type CrawlOptions, type CrawlSummary } from './crawl.ts';
import { CrawlError } from './errors.ts';
import { htmlPage, redirectTo, respond, serveLocalSite, type LocalSite, type RouteHandler } from '../../../../test/localSite.ts';
import type { HostLookup } from './safeFetch.ts';

/** Every made-up host name of these tests lives on 127.0.0.1. */
const lookup: HostLookup = async () => [{ address: '127.0.0.1', family: 4 }];

const BOILERPLATE = ['Free shipping', 'We use cookies', 'All rights reserved', 'Admin area'];

function layout(main: string, title: string, head = ''): RouteHandler {
  return htmlPage(
    `<header class="site-header"><a href="/">Acme</a> Free shipping worldwide</header>
     <nav><a href="/">Home</a> <a href="/about">About</a> <a href="/products/">Products</a>
       <a href="/blog/">Blog</a> <a href="/contact">Contact</a> <a href="/private/admin">Admin area</a></nav>
     <div class="cookie-banner">We use cookies to improve your experience.</div>
     <main>${main}</main>
     <footer>© 2025 Acme Corp. All rights reserved.</footer>`,
    { title, head },
  );
}

const xml = (body: string) => respond(200, 'application/xml', `<?xml version="1.0" encoding="UTF-8"?>${body}`);
const urlset = (urls: string[]) =>
  xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((url) => `<url><loc>${url}</loc></url>`).join('')}</urlset>`);
const ABOUT = '<h1>About Acme</h1><p>Acme has made widgets since 1999.</p>';

function acmeRoutes(origin: string): Record<string, RouteHandler> {
  return {
    '/robots.txt': respond(200, 'text/plain', `User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap-news.xml\n`),
    '/sitemap.xml': xml(
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemap-pages.xml</loc></sitemap></sitemapindex>`,
    ),
    '/sitemap-pages.xml': urlset([`${origin}/orphan`, `${origin}/about`, `${origin}/private/hidden`, 'http://offsite.test/x']),
    '/sitemap-news.xml': urlset([`${origin}/news`]),
    '/': layout(
      `<h1>Welcome to Acme</h1><p>Acme builds widgets for everyone.</p>
       <h2>Explore</h2>
       <p><a href="/about#team">Team</a> <a href="/about/">About again</a> <a href="${origin.replace('//', '//www.')}/products/">Products on www</a>
       <a href="/old-page">Old page</a> <a href="/files/manual.pdf">Manual</a> <a href="/huge">Huge</a> <a href="/slow">Slow</a>
       <a href="/export">Export</a> <a href="/missing">Missing</a> <a href="/duplicate-of-about">Copy</a>
       <a href="http://offsite.test/elsewhere">Elsewhere</a> <a href="mailto:sales@acme.test">Mail</a> <a href="tel:+100">Call</a>
       <a href="javascript:void(0)">Menu</a></p>`,
      'Acme',
    ),
    '/about': layout(ABOUT, 'About'),
    '/duplicate-of-about': layout(ABOUT, 'About (copy)'),
    '/products/': layout(
      '<h1>Products</h1><p>Two products.</p><a href="widget">Widget</a> <a href="widget?color=red">Red widget</a>',
      'Products',
    ),
    '/products/widget': (request, response) =>
      request.url?.includes('color=red')
        ? layout(
            '<h1>Widget</h1><p>The widget, in red.</p>',
            'Red widget',
            `<link rel="canonical" href="${origin}/products/widget">`,
          )(request, response)
        : layout(
            '<h1>Widget</h1><p>The widget.</p>',
            'Widget',
            `<link rel="canonical" href="${origin}/products/widget">`,
          )(request, response),
    '/blog/': layout('<h1>Blog</h1><a href="post-1">First</a> <a href="post-2">Second</a>', 'Blog'),
    '/blog/post-1': layout('<article><h1>First post</h1><p>Hello.</p></article>', 'First post'),
    '/blog/post-2': layout('<article><h1>Second post</h1><p>Hello again.</p></article>', 'Second post'),
    '/contact': layout('<h1>Contact</h1><p>Write to sales.</p>', 'Contact'),
    '/old-page': redirectTo('/new-page'),
    '/new-page': layout('<h1>New page</h1><p>Moved here.</p>', 'New page'),
    '/orphan': layout('<h1>Orphan</h1><p>Only the sitemap links here.</p>', 'Orphan'),
    '/news': layout('<h1>News</h1><p>Listed in the sitemap that robots.txt names.</p>', 'News'),
    '/private/admin': layout('<p>Secret admin</p>', 'Admin'),
    '/private/hidden': layout('<p>Secret hidden</p>', 'Hidden'),
    '/files/manual.pdf': respond(200, 'application/pdf', '%PDF-1.7'),
    '/huge': layout(`<p>${'big '.repeat(50_000)}</p>`, 'Huge'),
    '/slow': () => {},
    '/export': respond(200, 'application/json', '{}'),
  };
}

async function crawlAll(options: CrawlOptions): Promise<{ pages: CrawledPage[]; summary: CrawlSummary }> {
  const pages: CrawledPage[] = [];
  const crawl = crawlSite(options);
  for (;;) {
    const next = await crawl.next();
    if (next.done) return { pages, summary: next.value };
    pages.push(next.value);
  }
}

async function crawlError(options: CrawlOptions): Promise<CrawlError> {
  const error = await crawlAll(options).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CrawlError);
  return error as CrawlError;
}

let site: LocalSite;
let origin: string;

beforeAll(async () => {
  const routes: Record<string, RouteHandler> = {};
  site = await serveLocalSite(routes);
  origin = `http://site.test:${site.port}`;
  Object.assign(routes, acmeRoutes(origin));
});

afterAll(() => site.close());

beforeEach(() => {
  site.requests.length = 0;
});

function options(overrides: Partial<CrawlOptions> = {}): CrawlOptions {
  return {
    url: `${origin}/`,
    maxDepth: 1,
    allowPrivateNetworks: true,
    lookup,
    maxPageBytes: 100_000,
    requestTimeoutMs: 1_500,
    ...overrides,
  };
}

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

describe('crawlSite at depth 0', () => {
  it('reads the start page alone, without its boilerplate', async () => {
    const { pages, summary } = await crawlAll(options({ maxDepth: 0 }));

    expect(pages).toHaveLength(1);
    const [home] = pages;
    expect(home).toMatchObject({ url: `${origin}/`, finalUrl: `${origin}/`, title: 'Acme', depth: 0 });
    // "Explore" is a paragraph of links: navigation, so its section has no text to keep.
    expect(home!.sections.map((section) => section.heading)).toEqual(['Welcome to Acme']);
    expect(home!.text).toContain('Acme builds widgets for everyone.');
    for (const boilerplate of BOILERPLATE) expect(home!.text).not.toContain(boilerplate);
    expect(home!.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(summary).toMatchObject({ pagesCrawled: 1, pagesFailed: 0, bytes: home!.bytes, stoppedBy: 'completed', failures: [] });
    expect(site.paths()).toEqual(['/robots.txt', '/']);
  });
});

describe('crawlSite at depth 1', () => {
  let pages: CrawledPage[];
  let summary: CrawlSummary;
  let requests: LocalSite['requests'];
  const requestedPaths = () => requests.map((request) => request.path);

  beforeAll(async () => {
    site.requests.length = 0;
    ({ pages, summary } = await crawlAll(options()));
    requests = [...site.requests];
  });

  it('reads every page of the site once, the sitemap-only pages included', () => {
    const paths = pages.map((page) => pathOf(page.finalUrl));
    const widgetPages = paths.filter((path) => path.startsWith('/products/widget'));
    expect(widgetPages).toHaveLength(1);
    expect(paths.filter((path) => !path.startsWith('/products/widget')).sort()).toEqual(
      ['/', '/about', '/blog/', '/blog/post-1', '/blog/post-2', '/contact', '/new-page', '/news', '/orphan', '/products/'].sort(),
    );
    expect(new Set(pages.map((page) => page.contentHash)).size).toBe(pages.length);
  });

  it('honours robots.txt', () => {
    expect(requestedPaths().filter((path) => path.startsWith('/private/'))).toEqual([]);
  });

  it('stays on the site, folding www. onto it, and skips non-page links', () => {
    expect(new Set(requests.map((request) => request.host))).toEqual(new Set([`site.test:${site.port}`]));
    expect(requestedPaths()).not.toContain('/files/manual.pdf');
  });

  it('collapses duplicate URLs and duplicate content', () => {
    const fetchedAbout = requestedPaths().filter((path) => path === '/about' || path === '/about/');
    expect(fetchedAbout).toHaveLength(1);
    expect(pages.map((page) => pathOf(page.finalUrl))).not.toContain('/duplicate-of-about');
  });

  it('reports the redirect target and the link depth of each page', () => {
    const byPath = new Map(pages.map((page) => [pathOf(page.url), page]));
    expect(byPath.get('/old-page')).toMatchObject({ finalUrl: `${origin}/new-page`, depth: 1 });
    expect(byPath.get('/orphan')?.depth).toBe(1);
    expect(byPath.get('/blog/post-1')?.depth).toBe(2);
  });

  it('leaves navigation, header, footer and cookie banners out of every page', () => {
    for (const page of pages) {
      for (const boilerplate of BOILERPLATE) expect(page.text).not.toContain(boilerplate);
    }
  });

  it('records pages that failed and carries on', () => {
    const failures = Object.fromEntries(summary.failures.map((failure) => [pathOf(failure.url), failure.message]));
    expect(failures).toEqual({
      '/huge': 'Page too large: The page is bigger than the 98 KB limit.',
      '/slow': 'Timed out: The website took too long to respond.',
      '/export': 'Unsupported content: Only web pages can be crawled (this is application/json).',
      '/missing': 'Page unavailable: The website answered with HTTP status 404.',
    });
    expect(summary).toMatchObject({
      pagesCrawled: pages.length,
      pagesFailed: 4,
      bytes: pages.reduce((total, page) => total + page.bytes, 0),
      stoppedBy: 'completed',
    });
  });
});

describe('crawlSite resumed after an interrupted run', () => {
  const asRead = (page: CrawledPage) => ({
    url: page.finalUrl,
    contentHash: page.contentHash,
    bytes: page.bytes,
    depth: page.depth,
    links: page.links,
  });

  it('keeps the links of each page it reads, on the site only', async () => {
    const {
      pages: [home],
    } = await crawlAll(options({ maxDepth: 0 }));
    expect(home!.links).toContain(`${origin}/about`);
    expect(home!.links).toContain(`${origin}/products/`);
    expect(home!.links.filter((link) => !link.startsWith(`${origin}/`))).toEqual([]);
  });

  it('goes on from the pages read before, without fetching them again, and reads the rest of the site once', async () => {
    const whole = (await crawlAll(options())).pages.map((page) => pathOf(page.finalUrl)).sort();
    const first = (await crawlAll(options({ maxPages: 4 }))).pages;
    expect(first).toHaveLength(4);

    site.requests.length = 0;
    const { pages, summary } = await crawlAll(options({ alreadyRead: first.map(asRead) }));
    const readBefore = first.map((page) => pathOf(page.finalUrl));
    expect(site.paths().filter((path) => readBefore.includes(path))).toEqual([]);
    expect(pages.map((page) => pathOf(page.finalUrl)).filter((path) => readBefore.includes(path))).toEqual([]);
    expect([...readBefore, ...pages.map((page) => pathOf(page.finalUrl))].sort()).toEqual(whole);
    expect(summary).toMatchObject({ pagesCrawled: whole.length, stoppedBy: 'completed' });
  });

  it('fetches nothing but robots.txt for a single page already read', async () => {
    const {
      pages: [home],
    } = await crawlAll(options({ maxDepth: 0 }));
    site.requests.length = 0;
    const { pages, summary } = await crawlAll(options({ maxDepth: 0, alreadyRead: [asRead(home!)] }));
    expect(pages).toEqual([]);
    expect(summary).toMatchObject({ pagesCrawled: 1, stoppedBy: 'completed' });
    expect(site.paths()).toEqual(['/robots.txt']);
  });
});

describe('crawlSite limits', () => {
  it('stops at the page limit', async () => {
    const { pages, summary } = await crawlAll(options({ maxPages: 3 }));
    expect(pages).toHaveLength(3);
    expect(summary).toMatchObject({ pagesCrawled: 3, stoppedBy: 'page_limit' });
  });

  it('stops before the byte budget is passed', async () => {
    const {
      pages: [home],
    } = await crawlAll(options({ maxDepth: 0 }));
    const maxTotalBytes = home!.bytes * 2.5;
    const { pages, summary } = await crawlAll(options({ maxTotalBytes }));
    expect(pages.length).toBeGreaterThan(1);
    expect(summary.stoppedBy).toBe('byte_limit');
    expect(summary.bytes).toBeLessThanOrEqual(maxTotalBytes);
  });

  it('stops at the time limit, cancelling requests in flight without counting them as failures', async () => {
    const hanging = await serveLocalSite({
      '/': htmlPage(`<main><p>Start</p>${Array.from({ length: 8 }, (_, i) => `<a href="/hang/${i}">${i}</a>`).join('')}</main>`),
      '/hang/0': () => {},
      '/hang/1': () => {},
      '/hang/2': () => {},
      '/hang/3': () => {},
    });
    try {
      const { pages, summary } = await crawlAll(options({ url: `${hanging.origin}/`, maxDurationMs: 1_500, requestTimeoutMs: 60_000 }));
      expect(pages).toHaveLength(1);
      expect(summary).toMatchObject({ stoppedBy: 'time_limit', pagesFailed: 0 });
    } finally {
      await hanging.close();
    }
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const pages: CrawledPage[] = [];
    const crawl = crawlSite(options({ signal: controller.signal }));
    let next = await crawl.next();
    while (!next.done) {
      pages.push(next.value);
      controller.abort();
      next = await crawl.next();
    }
    expect(pages).toHaveLength(1);
    expect(next.value.stoppedBy).toBe('aborted');
  });

  it('cancels the requests in flight when the consumer stops early', async () => {
    let hangingRequestArrived!: () => void;
    const hangingRequestInFlight = new Promise<void>((resolve) => (hangingRequestArrived = resolve));
    let hangingRequestClosed!: Promise<void>;
    const hanging = await serveLocalSite({
      '/': htmlPage('<main><p>Start</p><a href="/hang">Hang</a> <a href="/fast">Fast</a></main>'),
      // Answers once /hang is surely in flight, so that stopping after it has something to cancel.
      '/fast': (request, response) => {
        void hangingRequestInFlight.then(() => htmlPage('<main><p>Fast</p></main>')(request, response));
      },
      '/hang': (request) => {
        hangingRequestClosed = new Promise((resolve) => request.once('close', resolve));
        hangingRequestArrived();
      },
    });
    try {
      for await (const page of crawlSite(options({ url: `${hanging.origin}/`, requestTimeoutMs: 60_000 }))) {
        if (page.url.endsWith('/fast')) break;
      }
      await hangingRequestClosed;
    } finally {
      await hanging.close();
    }
  });
});

describe('crawlSite start page', () => {
  it('throws the start page failure', async () => {
    const error = await crawlError(options({ url: `${origin}/missing` }));
    expect(error).toMatchObject({ code: 'http_status', message: 'Page unavailable: The website answered with HTTP status 404.' });
  });

  it('refuses a start page robots.txt disallows', async () => {
    const error = await crawlError(options({ url: `${origin}/private/admin` }));
    expect(error.code).toBe('robots_disallowed');
    expect(site.paths()).toEqual(['/robots.txt']);
  });

  it('validates the URL first', async () => {
    expect((await crawlError(options({ url: '' }))).code).toBe('missing_url');
    expect((await crawlError(options({ url: 'example.com' }))).code).toBe('invalid_url');
  });

  it('refuses a loopback site unless private networks are allowed, without connecting', async () => {
    const error = await crawlError(options({ url: `http://127.0.0.1:${site.port}/`, allowPrivateNetworks: false }));
    expect(error.code).toBe('blocked_address');
    expect(site.requests).toEqual([]);
  });

  it('keeps the whole crawl on the www. host it started on', async () => {
    const { pages } = await crawlAll(options({ url: `http://www.site.test:${site.port}/`, maxPages: 5 }));
    expect(pages).toHaveLength(5);
    expect(new Set(site.requests.map((request) => request.host))).toEqual(new Set([`www.site.test:${site.port}`]));
  });
});

describe('crawlSite and robots.txt availability', () => {
  async function crawlWithRobots(robots: RouteHandler) {
    const small = await serveLocalSite({
      '/robots.txt': robots,
      '/': htmlPage('<main><p>Home</p><a href="/next">Next</a></main>'),
      '/next': htmlPage('<main><p>Next</p></main>'),
    });
    try {
      return await crawlAll(options({ url: `${small.origin}/` }));
    } finally {
      await small.close();
    }
  }

  it('crawls everything when there is no robots.txt', async () => {
    const { pages } = await crawlWithRobots(respond(404, 'text/html', 'Not found'));
    expect(pages).toHaveLength(2);
  });

  it('crawls nothing while robots.txt answers with a server error', async () => {
    const error = await crawlWithRobots(respond(503, 'text/plain', 'Down')).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: 'robots_unreachable' });
  });
});
