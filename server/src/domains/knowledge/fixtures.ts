// Generated test files (for tests and benchmarks only: pdf-lib and docx are development dependencies).
import { createHash } from 'node:crypto';
import { Document as DocxDocument, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const LINES_PER_PAGE = 46;
const CHARS_PER_LINE = 95;

function wrap(text: string, width = CHARS_PER_LINE): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else {
        line = line ? `${line} ${word}` : word;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** A PDF with one page per entry, each page's text wrapped onto lines (Helvetica, WinAnsi text only). */
export async function pdfWithPages(pages: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = pdf.addPage([612, 792]);
    wrap(text)
      .slice(0, LINES_PER_PAGE)
      .forEach((line, index) => page.drawText(line, { x: 50, y: 742 - index * 15, size: 10, font }));
  }
  return Buffer.from(await pdf.save());
}

/** A PDF whose pages carry images or shapes only: no extractable text. */
export async function pdfWithoutText(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]).drawRectangle({ x: 50, y: 50, width: 200, height: 100 });
  return Buffer.from(await pdf.save());
}

export interface DocxSection {
  heading: string;
  paragraphs: string[];
}

export async function docxWith(sections: DocxSection[]): Promise<Buffer> {
  const document = new DocxDocument({
    sections: [
      {
        children: sections.flatMap((section) => [
          new Paragraph({ text: section.heading, heading: HeadingLevel.HEADING_1 }),
          ...section.paragraphs.map((text) => new Paragraph({ children: [new TextRun(text)] })),
        ]),
      },
    ],
  });
  return Packer.toBuffer(document);
}

// ---------------------------------------------------------------- an encrypted PDF

const PASSWORD_PADDING = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');

function rc4(key: Buffer, data: Buffer): Buffer {
  const state = Array.from({ length: 256 }, (_, index) => index);
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + state[i]! + key[i % key.length]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
  }
  const out = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (let index = 0; index < data.length; index++) {
    i = (i + 1) & 0xff;
    j = (j + state[i]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
    out[index] = data[index]! ^ state[(state[i]! + state[j]!) & 0xff]!;
  }
  return out;
}

const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
const padded = (password: string) => Buffer.concat([Buffer.from(password, 'latin1'), PASSWORD_PADDING]).subarray(0, 32);

/**
 * A one-page PDF encrypted with the standard security handler (revision 2, RC4 40-bit) under a
 * user password: readers must ask for the password before showing anything. Built by hand, since
 * pdf-lib cannot encrypt.
 */
export function encryptedPdf(text: string, userPassword = 'open-sesame', ownerPassword = 'owner-secret'): Buffer {
  const permissions = -44;
  const fileId = createHash('md5').update(text).digest();
  const ownerValue = rc4(md5(padded(ownerPassword)).subarray(0, 5), padded(userPassword));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const fileKey = md5(padded(userPassword), ownerValue, p, fileId).subarray(0, 5);
  const userValue = rc4(fileKey, PASSWORD_PADDING);
  const objectKey = (objectNumber: number) =>
    md5(fileKey, Buffer.from([objectNumber & 0xff, (objectNumber >> 8) & 0xff, (objectNumber >> 16) & 0xff, 0, 0])).subarray(0, 10);

  const content = rc4(objectKey(4), Buffer.from(`BT /F1 12 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`, 'latin1'));
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>'),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    Buffer.from(`<< /Filter /Standard /V 1 /R 2 /O <${ownerValue.toString('hex')}> /U <${userValue.toString('hex')}> /P ${permissions} >>`),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(object);
    length += object.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 6 0 R /ID [<${fileId.toString('hex')}> <${fileId.toString('hex')}>] >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}

/** Starts like a PDF, then is not one. */
export function corruptPdf(): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('this is not a pdf body '.repeat(200))]);
}

/** The start of a Windows executable (MZ header and PE signature), as a renamed .exe would be. */
export function windowsExecutable(): Buffer {
  const data = Buffer.alloc(1024);
  data.write('MZ', 0, 'latin1');
  data.writeUInt32LE(0x80, 0x3c);
  data.write('PE\0\0', 0x80, 'latin1');
  data.writeUInt16LE(0x14c, 0x84);
  return data;
}
