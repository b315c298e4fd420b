import * as cheerio from 'cheerio';
import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';
import { markdownSections } from './markdown.ts';
import { hasMeaningfulText, normalizeText } from './normalize.ts';
import type { Section } from './sections.ts';
import { decodeText, type DocumentKind } from './sniff.ts';

export type DocumentProblem = 'encrypted' | 'corrupt' | 'empty';

/** Messages a customer reads on a failed document: what went wrong and what to do about it. */
export const DOCUMENT_PROBLEM_MESSAGES: Record<DocumentKind | 'any', Partial<Record<DocumentProblem, string>>> = {
  pdf: {
    encrypted: 'This PDF is password-protected. Remove the password (or print it to a new PDF) and upload it again.',
    corrupt: 'This PDF could not be read: the file is damaged or is not a valid PDF.',
  },
  docx: {
    corrupt: 'This DOCX could not be read: the file is damaged or is not a valid Word document.',
  },
  txt: {},
  md: {},
  any: {
    empty: 'No text could be found in this file. If it is a scanned document, upload a version with selectable text.',
    corrupt: 'This file could not be read.',
  },
};

/** An expected reason a file cannot become knowledge; the document fails with its message and is not retried. */
export class DocumentProcessingError extends Error {
  constructor(
    readonly problem: DocumentProblem,
    kind: DocumentKind,
    readonly detail?: string,
  ) {
    super(DOCUMENT_PROBLEM_MESSAGES[kind][problem] ?? DOCUMENT_PROBLEM_MESSAGES.any[problem] ?? 'This file could not be read.');
    this.name = 'DocumentProcessingError';
  }
}

export interface ParsedDocument {
  sections: Section[];
  pageCount: number | null;
}

/** Extracts the normalised text of a document, in sections that keep page numbers and headings. */
export async function parseDocument(kind: DocumentKind, data: Buffer): Promise<ParsedDocument> {
  const parsed = await extract(kind, data);
  const sections = parsed.sections
    .map((section) => ({ ...section, text: normalizeText(section.text) }))
    .filter((section) => hasMeaningfulText(section.text));
  if (sections.length === 0) throw new DocumentProcessingError('empty', kind);
  return { sections, pageCount: parsed.pageCount };
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
      return { sections: kind === 'md' ? markdownSections(normalized) : [{ heading: null, text: normalized }], pageCount: null };
    }
  }
}

async function parsePdf(data: Buffer): Promise<ParsedDocument> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of (detaches) the array it is given: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(data), { verbosity: 0, disableFontFace: true });
  } catch (error) {
    throw pdfError(error);
  }
  try {
    const sections: Section[] = [];
    // Page by page, releasing each, rather than all pages at once: bounded memory on long PDFs,
    // and the event loop gets a turn between pages.
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) {
      const page = await pdf.getPage(pageNumber);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      page.cleanup();
      sections.push({ heading: null, text, page: pageNumber });
    }
    return { sections, pageCount: pdf.numPages };
  } catch (error) {
    throw pdfError(error);
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

function pdfError(error: unknown): DocumentProcessingError {
  const name = (error as { name?: string } | null)?.name;
  const detail = error instanceof Error ? error.message : String(error);
  return new DocumentProcessingError(name === 'PasswordException' ? 'encrypted' : 'corrupt', 'pdf', detail);
}

async function parseDocx(data: Buffer): Promise<ParsedDocument> {
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
  return { sections: markdownSections(htmlToMarkdown(html)), pageCount: null };
}

/** Mammoth's HTML as just enough Markdown to keep headings, paragraphs, list items and table rows. */
function htmlToMarkdown(html: string): string {
  const $ = cheerio.load(html, null, false);
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
