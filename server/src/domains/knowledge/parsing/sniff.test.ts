import { describe, expect, it } from 'vitest';
import { corruptPdf, docxWith, encryptedPdf, pdfWithPages, windowsExecutable } from '../../../../test/documentFixtures.ts';
import { decodeText, sniffDocumentType } from './sniff.ts';

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('sniffDocumentType: the content decides, not the name', () => {
  const cases: { name: string; file: () => Promise<Buffer> | Buffer; fileName: string; expected: string }[] = [
    { name: 'a PDF', file: () => pdfWithPages(['hello']), fileName: 'report.pdf', expected: 'pdf' },
    { name: 'a PDF named .txt', file: () => pdfWithPages(['hello']), fileName: 'notes.txt', expected: 'pdf' },
    { name: 'an encrypted PDF (rejected later, with its own message)', file: () => encryptedPdf('x'), fileName: 'a.pdf', expected: 'pdf' },
    { name: 'a corrupt PDF (rejected later, with its own message)', file: corruptPdf, fileName: 'a.pdf', expected: 'pdf' },
    { name: 'a DOCX', file: () => docxWith([{ heading: 'H', paragraphs: ['p'] }]), fileName: 'a.docx', expected: 'docx' },
    { name: 'a DOCX without extension', file: () => docxWith([{ heading: 'H', paragraphs: ['p'] }]), fileName: 'upload', expected: 'docx' },
    { name: 'UTF-8 text', file: () => Buffer.from('Plain words, naïve café.\n'), fileName: 'a.txt', expected: 'txt' },
    { name: 'UTF-8 text with a BOM', file: () => Buffer.from('\ufeffHello'), fileName: 'a.txt', expected: 'txt' },
    { name: 'UTF-16 text with a BOM', file: () => utf16le('Hello there'), fileName: 'a.txt', expected: 'txt' },
    { name: 'Markdown by extension', file: () => Buffer.from('Just text'), fileName: 'README.md', expected: 'md' },
    { name: 'Markdown by headings', file: () => Buffer.from('# One\ntext\n## Two\nmore'), fileName: 'notes.txt', expected: 'md' },
    { name: 'XML text', file: () => Buffer.from('<?xml version="1.0"?><a>b</a>'), fileName: 'a.txt', expected: 'txt' },
    { name: 'an .exe renamed .pdf', file: windowsExecutable, fileName: 'invoice.pdf', expected: 'rejected:exe' },
    { name: 'a PNG renamed .md', file: () => png, fileName: 'a.md', expected: 'rejected:png' },
    {
      name: 'a ZIP that is not a DOCX',
      file: () => Buffer.from('504b0304140000000000', 'hex'),
      fileName: 'a.docx',
      expected: 'rejected:zip',
    },
    {
      name: 'invalid UTF-8',
      file: () => Buffer.from([0x48, 0x69, 0xc3, 0x28, 0x20, 0x61]),
      fileName: 'a.txt',
      expected: 'rejected:binary',
    },
    { name: 'text with NUL bytes', file: () => Buffer.from('abc\0def'), fileName: 'a.txt', expected: 'rejected:binary' },
  ];

  it.each(cases)('$name -> $expected', async ({ file, fileName, expected }) => {
    const sniffed = await sniffDocumentType(await file(), fileName);
    expect(sniffed.kind === null ? `rejected:${sniffed.detected}` : sniffed.kind).toBe(expected);
  });
});

describe('decodeText', () => {
  it.each([
    { name: 'drops a UTF-8 BOM', input: Buffer.from('\ufeffabc'), expected: 'abc' },
    { name: 'keeps tabs, newlines and form feeds', input: Buffer.from('a\tb\nc\r\n\fd'), expected: 'a\tb\nc\r\n\fd' },
    { name: 'refuses many control characters', input: Buffer.from('a\u0001b\u0002c\u0003d'), expected: null },
    {
      name: 'accepts a stray control character in long text',
      input: Buffer.from(`${'word '.repeat(100)}\u0007`),
      expected: `${'word '.repeat(100)}\u0007`,
    },
  ])('$name', ({ input, expected }) => {
    expect(decodeText(input)).toBe(expected);
  });
});
