import { load, loadBuffer, type CheerioAPI } from 'cheerio';
import type { AnyNode, Element, Text } from 'domhandler';
import { sha256Hex } from '../../../platform/crypto/index.ts';
import { resolveHttpLink } from './urls.ts';

export interface PageSection {
  /** The heading the text sits under; null for text before the first heading. */
  heading: string | null;
  text: string;
}

export interface ExtractedPage {
  title: string;
  /** The main content, split at headings; sections without text are left out. */
  sections: PageSection[];
  /** The main content as one normalised text, headings included. */
  text: string;
  /** sha256 (hex) of `text`. */
  contentHash: string;
  /** Every http(s) link of the page (navigation included), absolute, without fragment, unique. */
  links: string[];
  canonicalUrl: string | null;
}

const NEVER_CONTENT = [
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'canvas',
  'iframe',
  'object',
  'embed',
  'form',
  'button',
  'select',
  'textarea',
  'input',
  'dialog',
  'nav',
  'aside',
  'menu',
  '[role=navigation]',
  '[role=banner]',
  '[role=contentinfo]',
  '[role=complementary]',
  '[role=search]',
  '[role=dialog]',
  '[role=alertdialog]',
  '[hidden]',
  '[aria-hidden=true]',
].join(', ');

/** Class or id tokens of cookie and consent banners (OneTrust, Cookiebot, cookieconsent...). */
const CONSENT_TOKEN = /^(cookie|consent|gdpr|onetrust|cybotcookiebot|cc-window|cc-banner)/i;

/**
 * Words of class and id names that mark page furniture on sites without semantic tags
 * (`<div class="site-navbar">`), after Readability's "unlikely candidates".
 */
const FURNITURE_WORDS = new Set([
  'nav',
  'navbar',
  'navigation',
  'menu',
  'menubar',
  'breadcrumb',
  'breadcrumbs',
  'sidebar',
  'header',
  'masthead',
  'footer',
  'social',
  'share',
  'sharing',
  'pagination',
  'pager',
  'related',
  'popup',
  'modal',
  'newsletter',
  'subscribe',
  'sponsor',
  'sponsored',
  'advert',
  'advertisement',
  'ads',
  'promo',
  'comments',
  'skip',
  'toolbar',
]);
/** Words that mark content even beside a furniture word (`article-header`, `content-sidebar-wrap`). */
const CONTENT_WORDS = new Set(['content', 'article', 'main', 'body', 'post', 'entry', 'story', 'text']);
/** Navigation is never content, whatever else its name says (`main-menu`). */
const NAVIGATION_WORDS = new Set(['nav', 'navbar', 'navigation', 'menu', 'menubar', 'breadcrumb', 'breadcrumbs', 'skip']);
/** What furniture never wraps: an element holding one of these is kept whatever its name. */
const CONTENT_LANDMARKS = 'main, article, [role=main], h1';
/** Blocks mostly made of link text (link lists, tag clouds, "read more") are navigation. */
const LINK_LIST_BLOCKS = new Set(['ul', 'ol', 'dl', 'div', 'section', 'p', 'table']);
const MAX_LINK_DENSITY = 0.5;

const BLOCK_TAGS = new Set([
  'address',
  'article',
  'blockquote',
  'details',
  'div',
  'dl',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'header',
  'hr',
  'main',
  'ol',
  'p',
  'section',
  'summary',
  'table',
  'tbody',
  'tfoot',
  'thead',
  'ul',
  'caption',
]);
const LINE_TAGS = new Set(['br', 'li', 'dt', 'dd', 'tr']);
const CELL_TAGS = new Set(['td', 'th']);
const HEADING_TAG = /^h[1-6]$/;

/** Parses an HTML page; `charset` is the one from the Content-Type header, if any. */
export function extractPage(html: Buffer | string, pageUrl: string, charset?: string): ExtractedPage {
  const $ = typeof html === 'string' ? load(html) : loadBuffer(html, { encoding: { transportLayerEncodingLabel: charset } });
  const baseUrl = resolveHttpLink($('base[href]').attr('href') ?? '', pageUrl) ?? pageUrl;
  const links = extractLinks($, baseUrl);
  const canonicalHref = $('link[rel~=canonical][href]').attr('href');
  const canonicalUrl = canonicalHref ? (resolveHttpLink(canonicalHref, baseUrl)?.href ?? null) : null;
  const title = extractTitle($);

  removeBoilerplate($);
  const main = mainContent($);
  removeLinkLists($, main);
  const allSections = collectSections(main);
  const text = sectionsToText(allSections);
  return {
    title,
    sections: allSections.filter((section) => section.text !== ''),
    text,
    contentHash: sha256Hex(text),
    links,
    canonicalUrl,
  };
}

function extractLinks($: CheerioAPI, baseUrl: URL | string): string[] {
  const links = new Set<string>();
  $('a[href], area[href]').each((_, element) => {
    const url = resolveHttpLink($(element).attr('href')!, baseUrl);
    if (url) links.add(url.href);
  });
  return [...links];
}

function extractTitle($: CheerioAPI): string {
  const candidates = [$('title').first().text(), $('meta[property="og:title"]').attr('content') ?? '', $('h1').first().text()];
  return candidates.map(normaliseInline).find((candidate) => candidate !== '') ?? '';
}

function removeBoilerplate($: CheerioAPI): void {
  $(NEVER_CONTENT).remove();
  // <header> and <footer> are page furniture unless they belong to an article or section.
  $('header, footer')
    .filter((_, element) => $(element).parents('article, section, main, [role=main]').length === 0)
    .remove();
  $('[id], [class]')
    .filter((_, element) => element.name !== 'body' && element.name !== 'html' && isConsentBanner(element))
    .remove();
  $('[id], [class]')
    .filter((_, element) => isFurniture(element) && $(element).find(CONTENT_LANDMARKS).length === 0)
    .filter((_, element) => $(element).parents('pre, code, table').length === 0)
    .remove();
}

function nameTokensOf(element: Element): string[] {
  return `${element.attribs.id ?? ''} ${element.attribs.class ?? ''}`.split(/\s+/).filter((token) => token !== '');
}

function isConsentBanner(element: Element): boolean {
  return nameTokensOf(element).some((token) => CONSENT_TOKEN.test(token));
}

/** Whether a class or id name says page furniture: `site-header`, `nav_menu`, `sidebarLeft`. */
export function isFurniture(element: Element): boolean {
  if (['html', 'body', 'main', 'article'].includes(element.name)) return false;
  const words = nameTokensOf(element).flatMap((token) =>
    token
      .replace(/([a-z])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .split(/[-_]+/),
  );
  if (words.some((word) => NAVIGATION_WORDS.has(word))) return true;
  return words.some((word) => FURNITURE_WORDS.has(word)) && !words.some((word) => CONTENT_WORDS.has(word));
}

/**
 * Drops blocks of the main content whose text is mostly links (link lists, tag clouds, "read more"),
 * outermost first; keeps them all when they are the whole content (an index page is its links).
 */
function removeLinkLists($: CheerioAPI, main: AnyNode): void {
  const linkLists: Element[] = [];
  const measure = (node: AnyNode, inLink: boolean): TextMeasure => {
    if (isText(node)) {
      const length = visibleLength(node.data);
      return { length, linkLength: inLink ? length : 0, hasHeading: false };
    }
    if (!isElement(node)) return { length: 0, linkLength: 0, hasHeading: false };
    const inThisLink = inLink || node.name === 'a';
    const total = node.children
      .map((child) => measure(child, inThisLink))
      .reduce(
        (sum, part) => ({
          length: sum.length + part.length,
          linkLength: sum.linkLength + part.linkLength,
          hasHeading: sum.hasHeading || part.hasHeading,
        }),
        { length: 0, linkLength: 0, hasHeading: HEADING_TAG.test(node.name) },
      );
    if (LINK_LIST_BLOCKS.has(node.name) && !total.hasHeading && total.length > 0 && total.linkLength / total.length > MAX_LINK_DENSITY) {
      // Children were measured first, so an enclosing list replaces the lists inside it.
      while (linkLists.length > 0 && isAncestor(node, linkLists.at(-1)!)) linkLists.pop();
      linkLists.push(node);
    }
    return total;
  };
  const content = measure(main, false);
  const listsLength = linkLists.reduce((length, element) => length + visibleLength($(element).text()), 0);
  if (listsLength < content.length) $(linkLists).remove();
}

interface TextMeasure {
  length: number;
  linkLength: number;
  hasHeading: boolean;
}

function isAncestor(ancestor: AnyNode, node: AnyNode): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) if (parent === ancestor) return true;
  return false;
}

function visibleLength(text: string): number {
  return text.replace(/\s+/g, '').length;
}

/** The page's main region when it marks one and it has text; else the whole body. */
function mainContent($: CheerioAPI): AnyNode {
  const articles = $('article');
  const candidates = [$('main').first(), $('[role=main]').first(), articles.length === 1 ? articles : $()];
  const main = candidates.find((candidate) => candidate.length > 0 && candidate.text().trim() !== '');
  return (main ?? $('body').first()).get(0) ?? $.root().get(0)!;
}

/** Walks the content in document order; each heading closes the current section and opens one. */
function collectSections(root: AnyNode): PageSection[] {
  const sections: PageSection[] = [];
  let heading: string | null = null;
  let text = new TextBuilder();
  const closeSection = () => {
    const sectionText = normaliseBlock(text.toString());
    if (heading !== null || sectionText !== '') sections.push({ heading, text: sectionText });
  };
  const visit = (node: AnyNode): void => {
    if (isText(node)) return text.addText(node.data.replace(/\s+/g, ' '));
    if (!isElement(node)) return;
    const tag = node.name;
    if (HEADING_TAG.test(tag)) {
      const headingText = normaliseInline(textOf(node));
      if (headingText === '') return;
      closeSection();
      heading = headingText;
      text = new TextBuilder();
      return;
    }
    const lineBreaks = tag === 'pre' || BLOCK_TAGS.has(tag) ? 2 : LINE_TAGS.has(tag) ? 1 : 0;
    text.addBreak(lineBreaks);
    if (CELL_TAGS.has(tag)) text.addText(' ');
    if (tag === 'pre') text.addText(textOf(node));
    else node.children.forEach(visit);
    text.addBreak(lineBreaks);
  };
  visit(root);
  closeSection();
  return sections;
}

/**
 * Text with line breaks between blocks. Breaks asked for between two texts merge into the largest
 * one, so nested blocks (a row in a table body) give one break, not a blank line per level.
 */
class TextBuilder {
  private readonly parts: string[] = [];
  private pendingLineBreaks = 0;

  addText(text: string): void {
    if (text.trim() === '') {
      if (this.pendingLineBreaks === 0 && this.parts.length > 0) this.parts.push(' ');
      return;
    }
    if (this.pendingLineBreaks > 0 && this.parts.length > 0) this.parts.push('\n'.repeat(this.pendingLineBreaks));
    this.pendingLineBreaks = 0;
    this.parts.push(text);
  }

  addBreak(lineBreaks: number): void {
    this.pendingLineBreaks = Math.max(this.pendingLineBreaks, lineBreaks);
  }

  toString(): string {
    return this.parts.join('');
  }
}

function sectionsToText(sections: PageSection[]): string {
  return sections
    .flatMap((section) => [section.heading ?? '', section.text])
    .filter((part) => part !== '')
    .join('\n\n');
}

function textOf(node: AnyNode): string {
  if (isText(node)) return node.data;
  return isElement(node) ? node.children.map(textOf).join('') : '';
}

/** One line: runs of whitespace become one space. */
function normaliseInline(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Lines trimmed and their spaces collapsed; at most one blank line between paragraphs. */
export function normaliseBlock(text: string): string {
  return text
    .split('\n')
    .map(normaliseInline)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function isText(node: AnyNode): node is Text {
  return node.type === 'text';
}

function isElement(node: AnyNode): node is Element {
  return node.type === 'tag';
}
