import type { CheerioAPI } from 'cheerio';
import type { getDocumentProxy } from 'unpdf';
import { assertDocxWithinLimits } from './docxArchive.ts';
import { markdownSections } from './markdown.ts';
import { hasMeaningfulText, normalizeText } from './normalize.ts';
import { MAX_EXTRACTED_CHARS, PDF_LIMITS } from './parseLimits.ts';
import { assertPdfStreamsWithinLimits } from './pdfStreams.ts';
import { DocumentProcessingError } from '../documents/problems.ts';
import type { Section } from './sections.ts';
import { decodeText, type DocumentKind } from './sniff.ts';

export interface ParsedDocument {
  sections: Section[];
  pageCount: number | null;
  /** True when reading stopped at a limit (pages, characters) before the end of the document. */
  truncated: boolean;
}

/**
 * Extracts the normalised text of a document, in sections that keep page numbers and headings.
 * Compressed formats are checked against the limits of parseLimits.ts before being inflated; this
 * runs in a worker thread (parseWorker.ts), which bounds the rest.
 */
export async function parseDocument(kind: DocumentKind, data: Buffer): Promise<ParsedDocument> {
  const parsed = await extract(kind, data);
  const sections = parsed.sections
    .map((section) => ({ ...section, text: normalizeText(section.text) }))
    .filter((section) => hasMeaningfulText(section.text));
  if (sections.length === 0) throw new DocumentProcessingError('empty', kind);
  return { ...parsed, sections };
}

async function extract(kind: DocumentKind, data: Buffer): Promise<ParsedDocument> {
  switch (kind) {
    case 'pdf':
      return parsePdf(data);
    case 'docx':
      return parseDocx(data);
    case 'md':
    case 'txt': {
      const text = decodeText(data);
      if (text === null) throw new DocumentProcessingError('corrupt', kind, 'not UTF-8 text');
      const normalized = normalizeText(text);
      // No limit here: the upload's size bounds the text.
      return {
        sections: kind === 'md' ? markdownSections(normalized) : [{ heading: null, text: normalized }],
        pageCount: null,
        truncated: false,
      };
    }
  }
}

async function parsePdf(data: Buffer): Promise<ParsedDocument> {
  await assertPdfStreamsWithinLimits(data);
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // Loaded here, not at the top: a text file's worker should not pay for pdf.js.
    const { getDocumentProxy } = await import('unpdf');
    // pdf.js takes ownership of (detaches) the array it is given: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(data), { verbosity: 0, disableFontFace: true });
  } catch (error) {
    throw pdfError(error);
  }
  try {
    const sections: Section[] = [];
    const pagesToRead = Math.min(pdf.numPages, PDF_LIMITS.maxPages);
    let characters = 0;
    // Page by page, releasing each, rather than all pages at once: bounded memory on long PDFs.
    for (let pageNumber = 1; pageNumber <= pagesToRead && characters < MAX_EXTRACTED_CHARS; pageNumber++) {
      const page = await pdf.getPage(pageNumber);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      page.cleanup();
      sections.push({ heading: null, text, page: pageNumber });
      characters += text.length;
    }
    const kept = withinCharacters(sections, MAX_EXTRACTED_CHARS);
    return { sections: kept.sections, pageCount: pdf.numPages, truncated: kept.truncated || pagesToRead < pdf.numPages };
  } catch (error) {
    throw pdfError(error);
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

/** The sections up to `maxCharacters` of text in all, the last one cut short if need be. */
export function withinCharacters(sections: Section[], maxCharacters: number): { sections: Section[]; truncated: boolean } {
  const kept: Section[] = [];
  let remaining = maxCharacters;
  for (const section of sections) {
    if (section.text.length > remaining) {
      if (remaining > 0) kept.push({ ...section, text: section.text.slice(0, remaining) });
      return { sections: kept, truncated: true };
    }
    kept.push(section);
    remaining -= section.text.length;
  }
  return { sections: kept, truncated: false };
}

function pdfError(error: unknown): DocumentProcessingError {
  const name = (error as { name?: string } | null)?.name;
  const detail = error instanceof Error ? error.message : String(error);
  return new DocumentProcessingError(name === 'PasswordException' ? 'encrypted' : 'corrupt', 'pdf', detail);
}

async function parseDocx(data: Buffer): Promise<ParsedDocument> {
  await assertDocxWithinLimits(data);
  const [{ default: mammoth }, cheerio] = await Promise.all([import('mammoth'), import('cheerio')]);
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: data },
      {
        // Images are not knowledge: do not inline them as data URIs.
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
        externalFileAccess: false,
      },
    );
    html = result.value;
  } catch (error) {
    throw new DocumentProcessingError('corrupt', 'docx', error instanceof Error ? error.message : String(error));
  }
  return { ...withinCharacters(markdownSections(htmlToMarkdown(cheerio.load(html, null, false))), MAX_EXTRACTED_CHARS), pageCount: null };
}

/** Mammoth's HTML (loaded in cheerio) as just enough Markdown to keep headings, paragraphs, list items and table rows. */
function htmlToMarkdown($: CheerioAPI): string {
  const blocks: string[] = [];
  const text = (element: Parameters<typeof $>[0]) => $(element).text().replace(/\s+/g, ' ').trim();
  const visit = (elements: ReturnType<typeof $>) => {
    elements.each((_index, element) => {
      if (element.type !== 'tag') return;
      const tag = element.tagName.toLowerCase();
      const heading = /^h([1-6])$/.exec(tag);
      if (heading) {
        const title = text(element);
        if (title) blocks.push(`${'#'.repeat(Number(heading[1]))} ${title}`);
      } else if (tag === 'ul' || tag === 'ol') {
        $(element)
          .children('li')
          .each((_i, item) => {
            const nested = $(item).children('ul, ol');
            const own = $(item).clone().children('ul, ol').remove().end().text().replace(/\s+/g, ' ').trim();
            if (own) blocks.push(`- ${own}`);
            visit(nested);
          });
      } else if (tag === 'table') {
        $(element)
          .find('tr')
          .each((_i, row) => {
            const cells = $(row)
              .children('td, th')
              .map((_j, cell) => text(cell))
              .get()
              .filter(Boolean);
            if (cells.length > 0) blocks.push(cells.join(' | '));
          });
      } else {
        const content = text(element);
        if (content) blocks.push(content);
      }
    });
  };
  visit($.root().children());
  return blocks.join('\n\n');
}
