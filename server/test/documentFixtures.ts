// Generated test files (for tests and benchmarks only: pdf-lib and docx are development dependencies).
import { createHash, randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflate, createDeflateRaw, deflateRawSync } from 'node:zlib';
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
  return pdfFromObjects(objects, `/Encrypt 6 0 R /ID [<${fileId.toString('hex')}> <${fileId.toString('hex')}>]`);
}

/** A PDF of these objects (numbered from 1, the first the catalog) with a correct cross-reference table. */
function pdfFromObjects(objects: Buffer[], trailerEntries = ''): Buffer {
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
    `<< /Size ${objects.length + 1} /Root 1 0 R ${trailerEntries} >>`,
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

// ---------------------------------------------------------------- decompression bombs

export const MiB = 1024 * 1024;

/** Compressed data and what a zip's headers say about it. */
export interface DeflatedData {
  deflated: Buffer;
  crc32: number;
  /** The real size once inflated. */
  size: number;
}

/** Small data deflated as a zip entry. */
export function deflated(data: string | Buffer): DeflatedData {
  const bytes = Buffer.from(data);
  return { deflated: deflateRawSync(bytes), crc32: crc32(bytes), size: bytes.length };
}

/**
 * `head`, then `unit` repeated up to about `size` bytes, then `tail`, compressed while it is
 * generated: hundreds of megabytes become a few hundred kilobytes without being in memory at once.
 */
export async function deflatedRepeat(
  { head = '', unit, tail = '' }: { head?: string; unit: string; tail?: string },
  size: number,
  format: 'raw' | 'zlib' = 'raw',
): Promise<DeflatedData> {
  const unitsPerBlock = Math.max(1, Math.floor(MiB / unit.length));
  const block = Buffer.from(unit.repeat(unitsPerBlock));
  function* pieces() {
    yield Buffer.from(head);
    for (let units = Math.max(1, Math.floor((size - head.length - tail.length) / unit.length)); units > 0; units -= unitsPerBlock) {
      yield units >= unitsPerBlock ? block : Buffer.from(unit.repeat(units));
    }
    yield Buffer.from(tail);
  }
  let checksum = 0;
  let inflatedSize = 0;
  function* counted() {
    for (const piece of pieces()) {
      checksum = crc32(piece, checksum);
      inflatedSize += piece.length;
      yield piece;
    }
  }
  const chunks: Buffer[] = [];
  const deflate = format === 'raw' ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 });
  await pipeline(counted, deflate, async (compressed: AsyncIterable<Buffer>) => {
    for await (const chunk of compressed) chunks.push(chunk);
  });
  return { deflated: Buffer.concat(chunks), crc32: checksum, size: inflatedSize };
}

export interface ZipEntry {
  name: string;
  data: DeflatedData;
  /** The inflated size the headers claim: a lie when it is not `data.size`. */
  declaredSize?: number;
}

/** A zip archive of deflated entries, written by hand so that its headers can lie. */
export function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, declaredSize = data.size } of entries) {
    const fileName = Buffer.from(name);
    // The fields local and central headers share, from "version needed to extract" to "extra field length".
    const common = Buffer.alloc(26);
    common.writeUInt16LE(20, 0);
    common.writeUInt16LE(8, 4); // deflate
    common.writeUInt16LE(0x21, 8); // 1980-01-01
    common.writeUInt32LE(data.crc32, 10);
    common.writeUInt32LE(data.deflated.length, 14);
    common.writeUInt32LE(declaredSize, 18);
    common.writeUInt16LE(fileName.length, 22);
    const local = Buffer.concat([uint32(0x04034b50), common, fileName, data.deflated]);
    const tail = Buffer.alloc(14); // comment length, disk, attributes: zero; then the local header's offset
    tail.writeUInt32LE(offset, 10);
    centrals.push(Buffer.concat([uint32(0x02014b50), uint16(20), common, tail, fileName]));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const uint16 = (value: number) => Buffer.from([value & 0xff, value >> 8]);
const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
};

const WORD_DOCUMENT_XML = {
  head: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
  tail: '</w:body></w:document>',
};
const wordParagraph = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;

/** The smallest valid DOCX around this `word/document.xml`. */
export function docxAround(documentXml: DeflatedData, declaredSize?: number, media: ZipEntry[] = []): Buffer {
  return zipArchive([
    {
      name: '[Content_Types].xml',
      data: deflated(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: deflated(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
    },
    { name: 'word/document.xml', data: documentXml, declaredSize },
    ...media,
  ]);
}

/**
 * A DOCX whose one paragraph, repeated, makes `word/document.xml` about `inflatedBytes` long. The
 * paragraph is mostly a three-byte pattern, which deflate packs about a thousand to one.
 */
export async function docxOfRepeatedParagraph(inflatedBytes: number, options: { declaredSize?: number } = {}): Promise<Buffer> {
  const paragraph = wordParagraph(`All work and no play${' ha'.repeat(10_000)}.`);
  const documentXml = await deflatedRepeat({ ...WORD_DOCUMENT_XML, unit: paragraph }, inflatedBytes);
  return docxAround(documentXml, options.declaredSize);
}

export interface PdfStream {
  /** The stream's dictionary entries, without `/Length`. */
  dictionary: string;
  data: Buffer;
}

/** A one-page PDF drawn by the first stream (Helvetica as /F1); the other streams are objects nothing uses. */
export function pdfWithStreams([contents, ...others]: [PdfStream, ...PdfStream[]]): Buffer {
  const stream = ({ dictionary, data }: PdfStream) =>
    Buffer.concat([Buffer.from(`<< /Length ${data.length} ${dictionary} >>\nstream\n`), data, Buffer.from('\nendstream')]);
  return pdfFromObjects([
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>'),
    stream(contents),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    ...others.map(stream),
  ]);
}

/** A PDF whose page is one FlateDecode content stream that shows the same line again and again, about `inflatedBytes` of it. */
export async function pdfOfRepeatedLine(inflatedBytes: number): Promise<Buffer> {
  const content = await deflatedRepeat({ unit: 'BT /F1 12 Tf 72 720 Td (All work and no play.) Tj ET\n' }, inflatedBytes, 'zlib');
  return pdfWithStreams([{ dictionary: '/Filter /FlateDecode', data: content.deflated }]);
}

// ---------------------------------------------------------------- large ordinary documents

const HANDBOOK_WORDS = (
  'staff office policy leave request manager approval weekly schedule holiday training safety ' +
  'equipment customer service invoice payment supplier warehouse delivery contract review meeting ' +
  'report budget quarter department team member project deadline access badge building parking ' +
  'expense travel booking hotel receipt laptop password support ticket network printer kitchen ' +
  'cleaning visitor reception insurance pension salary overtime shift rota induction feedback'
).split(' ');

/** Handbook-like sentences, deterministic (mulberry32 from `seed`): ordinary prose, no repetition a compressor would love. */
function handbookSentences(seed: number): () => string {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const word = () => HANDBOOK_WORDS[Math.floor(next() * HANDBOOK_WORDS.length)]!;
  return () => {
    const words = Array.from({ length: 8 + Math.floor(next() * 10) }, word);
    words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
    return `${words.join(' ')} ${Math.floor(next() * 1000)}.`;
  };
}

/**
 * A plain-text staff handbook of about `bytes` bytes (60,000-odd lines for 9.5 MB): numbered
 * sections of ordinary sentences, with `lastPage` as its final paragraph.
 */
export function handbookText(bytes: number, lastPage: string): string {
  const sentence = handbookSentences(bytes);
  const lines: string[] = [];
  let size = Buffer.byteLength(lastPage) + 1;
  for (let section = 1; size < bytes; section++) {
    const heading = `Section ${section}: ${sentence().slice(0, 40)}`;
    lines.push(heading, '');
    size += heading.length + 2;
    for (let line = 0; line < 12 && size < bytes; line++) {
      const text = `${sentence()} ${sentence()}`;
      lines.push(text);
      size += text.length + 1;
    }
    lines.push('');
    size += 1;
  }
  lines.push(lastPage);
  return lines.join('\n');
}

/**
 * A Word handbook of about `bytes` bytes, as large ones are: about `textChars` of prose (paragraphs
 * under section titles, `lastPage` last) and photos making up the rest of the size.
 */
export function handbookDocx(bytes: number, lastPage: string, textChars = 3_000_000): Buffer {
  const sentence = handbookSentences(bytes);
  const paragraphs: string[] = [];
  let size = 0;
  for (let section = 1; size < textChars; section++) {
    paragraphs.push(`Section ${section}`);
    for (let paragraph = 0; paragraph < 8; paragraph++) {
      const text = `${sentence()} ${sentence()} ${sentence()}`;
      paragraphs.push(text);
      size += text.length;
    }
  }
  paragraphs.push(lastPage);
  const documentXml = deflated(WORD_DOCUMENT_XML.head + paragraphs.map(wordParagraph).join('') + WORD_DOCUMENT_XML.tail);
  const photos: ZipEntry[] = [];
  // Photos do not compress: random bytes stand for them.
  for (let total = documentXml.deflated.length + 2_000; total < bytes;) {
    const photo = randomBytes(Math.min(1_500_000, bytes - total));
    photos.push({ name: `word/media/photo${photos.length + 1}.jpeg`, data: deflated(photo) });
    total += photos.at(-1)!.data.deflated.length + 100;
  }
  return docxAround(documentXml, undefined, photos);
}
