import { describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import { extractPage, isFurniture, normaliseBlock } from './extract.ts';

const page = (body: string, head = '<title>  Acme   Widgets </title>') =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe('extractPage', () => {
  it('keeps the main content split at headings and drops navigation, header, footer and banners', () => {
    const html = page(`
      <header class="site-header"><a href="/">Acme</a><p>Free shipping on all orders</p></header>
      <nav><a href="/about">About us</a> <a href="/pricing">Pricing</a></nav>
      <div id="cookie-banner">We use cookies. <button>Accept</button></div>
      <div class="CybotCookiebotDialog">Consent settings</div>
      <main>
        <p>Intro   before any
           heading.</p>
        <h1>Widgets</h1>
        <p>Our widgets are <strong>hand made</strong>.</p>
        <h2>Sizes</h2>
        <ul><li>Small</li><li>Large</li></ul>
        <h2>   </h2>
        <script>var tracking = 1;</script>
        <style>p { color: red }</style>
        <form><label>Email</label><input name="email"></form>
        <h3>Empty heading</h3>
        <h2>Care</h2>
        <p>Wipe&nbsp;with a cloth.</p>
      </main>
      <aside>Related: gadgets</aside>
      <footer>© 2025 Acme Corp · Privacy</footer>`);

    const extracted = extractPage(html, 'https://acme.test/widgets');

    expect(extracted.title).toBe('Acme Widgets');
    expect(extracted.sections).toEqual([
      { heading: null, text: 'Intro before any heading.' },
      { heading: 'Widgets', text: 'Our widgets are hand made.' },
      { heading: 'Sizes', text: 'Small\nLarge' },
      { heading: 'Care', text: 'Wipe with a cloth.' },
    ]);
    expect(extracted.text).toBe(
      'Intro before any heading.\n\nWidgets\n\nOur widgets are hand made.\n\nSizes\n\nSmall\nLarge\n\nEmpty heading\n\nCare\n\nWipe with a cloth.',
    );
    for (const boilerplate of ['Free shipping', 'About us', 'cookies', 'Consent', 'tracking', 'color', 'Email', 'gadgets', 'Acme Corp']) {
      expect(extracted.text).not.toContain(boilerplate);
    }
  });

  it('drops furniture named by class or id on pages without semantic tags', () => {
    const html = page(`
      <div id="top-navbar"><a href="/">Home</a> Delivery About us</div>
      <div class="breadcrumbs">Home › Shop › Hours</div>
      <div class="mainMenu">Shop Blog</div>
      <div class="sidebar-left">Popular posts</div>
      <div class="page">
        <div class="article-header"><h1>Opening hours</h1></div>
        <div class="content-sidebar-wrap"><p>We are open Tuesday to Sunday from 7am to 6pm.</p></div>
        <div class="share-buttons">Share on Facebook</div>
        <div class="newsletter_signup">Get our newsletter</div>
        <pre class="code"><span class="header">HTTP header</span></pre>
      </div>
      <div class="site-footer">© Acme</div>`);

    const extracted = extractPage(html, 'https://acme.test/hours');

    expect(extracted.sections).toEqual([
      { heading: 'Opening hours', text: 'We are open Tuesday to Sunday from 7am to 6pm.\n\nHTTP header' },
    ]);
  });

  it('drops blocks made mostly of links, unless they are the whole content', () => {
    const html = page(`<main>
      <h1>Pricing</h1>
      <p>The Pro plan costs <a href="/pro">$19</a> a month, billed yearly.</p>
      <ul><li><a href="/a">Docs</a></li><li><a href="/b">Blog</a></li><li><a href="/c">Status</a></li></ul>
      <p><a href="/more">Read more</a></p>
      <div>Tags: <a href="/t/1">billing</a> <a href="/t/2">plans</a> <a href="/t/3">pricing</a></div>
    </main>`);
    expect(extractPage(html, 'https://acme.test/').text).toBe('Pricing\n\nThe Pro plan costs $19 a month, billed yearly.');

    const index = page('<main><ul><li><a href="/a">Getting started</a></li><li><a href="/b">Billing</a></li></ul></main>');
    expect(extractPage(index, 'https://acme.test/').text).toBe('Getting started\nBilling');
  });

  it.each([
    ['site-header', true],
    ['nav_menu', true],
    ['sidebarLeft', true],
    ['main-menu', true],
    ['article-header', false],
    ['post-content sidebar', false],
    ['headerless', false],
    ['page', false],
  ])('class %j is furniture: %s', (className, furniture) => {
    const $ = load(`<div class="${className}"></div>`);
    expect(isFurniture($('div').get(0)!)).toBe(furniture);
  });

  it('finds the links of the whole page, navigation included, absolute and without fragments', () => {
    const html = page(`
      <nav><a href="/about#team">About</a><a href="pricing">Pricing</a></nav>
      <main><a href="https://other.test/x">Other</a> <a href="/about">Again</a>
        <a href="mailto:hi@acme.test">Mail</a> <a href="tel:+1">Call</a> <a href="javascript:void(0)">JS</a>
        <a href="#top">Top</a> <a>No href</a></main>`);

    expect(extractPage(html, 'https://acme.test/shop/').links).toEqual([
      'https://acme.test/about',
      'https://acme.test/shop/pricing',
      'https://other.test/x',
      'https://acme.test/shop/',
    ]);
  });

  it('resolves links and the canonical URL against <base href>', () => {
    const html = page('<main><a href="guide">Guide</a></main>', '<base href="/docs/"><link rel="canonical" href="start">');
    const extracted = extractPage(html, 'https://acme.test/index.php?page=docs');
    expect(extracted.links).toEqual(['https://acme.test/docs/guide']);
    expect(extracted.canonicalUrl).toBe('https://acme.test/docs/start');
  });

  it('has no canonical URL when the page declares none', () => {
    expect(extractPage(page('<p>x</p>'), 'https://acme.test/').canonicalUrl).toBeNull();
  });

  it('prefers <main>, then role=main, then a single <article>, and falls back to the body', () => {
    const url = 'https://acme.test/';
    expect(extractPage(page('<div>Menu</div><div role="main"><p>Role main</p></div>'), url).text).toBe('Role main');
    expect(extractPage(page('<div>Sidebar</div><article><p>The article</p></article>'), url).text).toBe('The article');
    expect(extractPage(page('<article><p>One</p></article><article><p>Two</p></article>'), url).text).toBe('One\n\nTwo');
    expect(extractPage(page('<main></main><div><p>Body text</p></div>'), url).text).toBe('Body text');
  });

  it('keeps the header of an article but not the page header', () => {
    const html = page('<header>Site name</header><article><header><h1>Post title</h1></header><p>Body</p></article>');
    const extracted = extractPage(html, 'https://acme.test/post');
    expect(extracted.sections).toEqual([{ heading: 'Post title', text: 'Body' }]);
  });

  it('puts table rows on lines and keeps preformatted line breaks', () => {
    const html = page(
      '<main><table><tr><th>Plan</th><th>Price</th></tr><tr><td>Pro</td><td>$19</td></tr></table><pre>npm ci\nnpm start</pre></main>',
    );
    expect(extractPage(html, 'https://acme.test/').text).toBe('Plan Price\nPro $19\n\nnpm ci\nnpm start');
  });

  it('falls back to og:title, then the first h1, for the title', () => {
    expect(extractPage(page('<h1>Heading</h1>', '<meta property="og:title" content="OG title">'), 'https://a.test/').title).toBe(
      'OG title',
    );
    expect(extractPage(page('<h1>Heading</h1>', ''), 'https://a.test/').title).toBe('Heading');
  });

  it('decodes a buffer with the charset of the Content-Type header or of the page', () => {
    const latin1 = Buffer.from(page('<p>Café crème</p>'), 'latin1');
    expect(extractPage(latin1, 'https://a.test/', 'iso-8859-1').text).toBe('Café crème');
    const declared = Buffer.from(page('<p>Déjà vu</p>', '<meta charset="windows-1252">'), 'latin1');
    expect(extractPage(declared, 'https://a.test/').text).toBe('Déjà vu');
    expect(extractPage(Buffer.from(page('<p>日本語</p>')), 'https://a.test/', 'utf-8').text).toBe('日本語');
  });

  it('hashes the normalised text, so formatting differences give the same hash', () => {
    const a = extractPage(page('<main><p>Same   text</p></main>'), 'https://a.test/a');
    const b = extractPage(page('<nav>Other menu</nav><main>\n<p>Same text</p>\n</main>'), 'https://a.test/b');
    const c = extractPage(page('<main><p>Other text</p></main>'), 'https://a.test/c');
    expect(a.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(b.contentHash).toBe(a.contentHash);
    expect(c.contentHash).not.toBe(a.contentHash);
  });
});

describe('normaliseBlock', () => {
  it.each([
    ['  a  b  ', 'a b'],
    ['a\n\n\n\nb', 'a\n\nb'],
    [' a \n  \n \n b ', 'a\n\nb'],
    ['a\t\u00a0b', 'a b'],
    ['\n\n', ''],
  ])('%j → %j', (input, output) => {
    expect(normaliseBlock(input)).toBe(output);
  });
});
