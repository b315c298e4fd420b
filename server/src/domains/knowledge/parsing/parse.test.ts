import { describe, expect, it } from 'vitest';
import {
  corruptPdf,
  docxOfRepeatedParagraph,
  docxWith,
  encryptedPdf,
  MiB,
  pdfOfRepeatedLine,
  pdfWithPages,
  pdfWithoutText,
} from '../../../../test/documentFixtures.ts';
import { parseDocument, withinCharacters } from './parse.ts';
import { DOCUMENT_PROBLEM_MESSAGES, DocumentProcessingError, type DocumentProblem } from '../documents/problems.ts';
import type { DocumentKind } from './sniff.ts';

describe('parseDocument', () => {
  it('reads a PDF page by page, keeping page numbers and re-joining hyphenated words', async () => {
    const pdf = await pdfWithPages(['The capital of Zorbia is Quillton.', 'Second page: the bridge is in-\nspected yearly.', '']);
    const parsed = await parseDocument('pdf', pdf);
    expect(parsed.pageCount).toBe(3);
    expect(parsed.truncated).toBe(false);
    expect(parsed.sections).toEqual([
      { heading: null, text: 'The capital of Zorbia is Quillton.', page: 1 },
      { heading: null, text: 'Second page: the bridge is inspected yearly.', page: 2 },
    ]);
  });

  it('reads a DOCX with its headings', async () => {
    const docx = await docxWith([
      { heading: 'Returns', paragraphs: ['Refunds take 14 days.', 'Keep the receipt.'] },
      { heading: 'Shipping', paragraphs: ['Parcels leave within 2 days.'] },
    ]);
    const parsed = await parseDocument('docx', docx);
    expect(parsed.sections).toEqual([
      { heading: 'Returns', text: 'Refunds take 14 days.\n\nKeep the receipt.' },
      { heading: 'Shipping', text: 'Parcels leave within 2 days.' },
    ]);
  });

  it('reads Markdown by sections and text as one section', async () => {
    expect((await parseDocument('md', Buffer.from('# A\nalpha\n\n## B\nbeta\n'))).sections).toEqual([
      { heading: 'A', text: 'alpha' },
      { heading: 'A > B', text: 'beta' },
    ]);
    expect((await parseDocument('txt', Buffer.from('# not special in text\r\nline two'))).sections).toEqual([
      { heading: null, text: '# not special in text\nline two' },
    ]);
  });

  const failures: { name: string; kind: DocumentKind; file: () => Promise<Buffer> | Buffer; problem: string; message: RegExp }[] = [
    {
      name: 'a password-protected PDF',
      kind: 'pdf',
      file: () => encryptedPdf('secret'),
      problem: 'encrypted',
      message: /password-protected/,
    },
    { name: 'a corrupt PDF', kind: 'pdf', file: corruptPdf, problem: 'corrupt', message: /damaged or is not a valid PDF/ },
    {
      name: 'a truncated PDF',
      kind: 'pdf',
      file: async () => (await pdfWithPages(['text'])).subarray(0, 300),
      problem: 'corrupt',
      message: /damaged/,
    },
    { name: 'a PDF without text', kind: 'pdf', file: pdfWithoutText, problem: 'empty', message: /No text could be found/ },
    {
      name: 'a corrupt DOCX',
      kind: 'docx',
      file: () => Buffer.from('504b0304140000000000', 'hex'),
      problem: 'corrupt',
      message: /not a valid Word document/,
    },
    { name: 'a DOCX without text', kind: 'docx', file: () => docxWith([]), problem: 'empty', message: /No text could be found/ },
    {
      name: 'a DOCX bomb',
      kind: 'docx',
      file: () => docxOfRepeatedParagraph(300 * MiB),
      problem: 'tooLargeUncompressed',
      message: /too large once/,
    },
    {
      name: 'a PDF bomb',
      kind: 'pdf',
      file: () => pdfOfRepeatedLine(100 * MiB),
      problem: 'tooLargeUncompressed',
      message: /too large once/,
    },
    { name: 'whitespace-only text', kind: 'txt', file: () => Buffer.from(' \n\t\n '), problem: 'empty', message: /No text could be found/ },
    {
      name: 'punctuation-only Markdown',
      kind: 'md',
      file: () => Buffer.from('# \n---\n***'),
      problem: 'empty',
      message: /No text could be found/,
    },
  ];

  it.each(failures)('rejects $name with a message for the customer', async ({ kind, file, problem, message }) => {
    const error = await parseDocument(kind, await file()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DocumentProcessingError);
    expect((error as DocumentProcessingError).problem).toBe(problem);
    expect((error as Error).message).toMatch(message);
  });

  it('has a message for every problem of every kind', () => {
    const problems: DocumentProblem[] = ['encrypted', 'corrupt', 'empty', 'tooLargeUncompressed', 'tooMuchMemory', 'tooSlow'];
    for (const kind of ['pdf', 'docx', 'txt', 'md'] as const) {
      for (const problem of problems) {
        expect(new DocumentProcessingError(problem, kind).message.length).toBeGreaterThan(10);
      }
    }
    expect(DOCUMENT_PROBLEM_MESSAGES.any.empty).toMatch(/selectable text/);
  });
});

describe('withinCharacters', () => {
  it.each([
    { name: 'keeps sections within the limit', lengths: [3, 4], limit: 7, kept: [3, 4], truncated: false },
    { name: 'cuts the section that crosses the limit', lengths: [3, 4, 5], limit: 9, kept: [3, 4, 2], truncated: true },
    { name: 'drops the sections past the limit', lengths: [3, 4, 5], limit: 7, kept: [3, 4], truncated: true },
  ])('$name', ({ lengths, limit, kept, truncated }) => {
    const result = withinCharacters(
      lengths.map((length) => ({ heading: null, text: 'x'.repeat(length) })),
      limit,
    );
    expect(result.sections.map((section) => section.text.length)).toEqual(kept);
    expect(result.truncated).toBe(truncated);
  });
});
