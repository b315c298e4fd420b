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
  const allSections = collectSections(mainContent($));
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
}

function isConsentBanner(element: Element): boolean {
  const tokens = `${element.attribs.id ?? ''} ${element.attribs.class ?? ''}`.split(/\s+/);
  return tokens.some((token) => CONSENT_TOKEN.test(token));
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
