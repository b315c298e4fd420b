import { constants, createDeflate, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatedRepeat, MiB, pdfWithPages, pdfWithStreams, type PdfStream } from '../../../../test/documentFixtures.ts';
import { PDF_LIMITS } from './parseLimits.ts';
import { assertPdfStreamsWithinLimits, isImageStream, pdfStreams } from './pdfStreams.ts';
import { DocumentProcessingError } from '../documents/problems.ts';

// Small limits, so that the table needs megabytes rather than hundreds of them.
const limits = { ...PDF_LIMITS, maxStreamBytes: 1 * MiB, maxTotalStreamBytes: 3 * MiB };

const TEXT = 'BT /F1 12 Tf 72 720 Td (All work and no play.) Tj ET\n';
const content = (data: Buffer, dictionary = '/Filter /FlateDecode'): PdfStream => ({ dictionary, data });
const flate = async (bytes: number) => (await deflatedRepeat({ unit: TEXT }, bytes, 'zlib')).deflated;

/** zlib data whose first block is stored, holding the bytes `endstream`, then `bytes` of spaces. */
async function flateWithDecoyEndstream(bytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 0 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  deflate.write('BT (a decoy endstream) Tj ET\n');
  await new Promise<void>((resolve) => deflate.params(9, constants.Z_DEFAULT_STRATEGY, () => resolve()));
  deflate.end(Buffer.alloc(bytes, ' '));
  await ended;
  return Buffer.concat(chunks);
}

describe('assertPdfStreamsWithinLimits', () => {
  const files: { name: string; file: () => Promise<Buffer> | Buffer; detail: RegExp | null }[] = [
    { name: 'a PDF written by a PDF library', file: () => pdfWithPages(['Hello', 'World']), detail: null },
    { name: 'a content stream just under the limit', file: async () => pdfWithStreams([content(await flate(MiB - 1_000))]), detail: null },
    {
      name: 'a content stream inflating past the stream limit',
      file: async () => pdfWithStreams([content(await flate(2 * MiB))]),
      detail: /a stream at byte \d+ inflates past 1048576 bytes/,
    },
    {
      name: 'streams inflating past the total limit',
      file: async () => {
        const stream = content(await flate(900_000));
        return pdfWithStreams([stream, stream, stream, stream]);
      },
      detail: /the streams inflate past 3145728 bytes in all/,
    },
    {
      name: 'a big image (never decoded for text)',
      file: async () => {
        const image =
          '/Type /XObject /Subtype /Image /Width 4096 /Height 2048 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter /FlateDecode';
        return pdfWithStreams([content(deflateSync('BT (x) Tj ET')), content(await flate(8 * MiB), image)]);
      },
      detail: null,
    },
    {
      name: 'a "/Subtype /Image" hidden in a string of a content stream',
      file: async () => pdfWithStreams([content(await flate(2 * MiB), '/Filter /FlateDecode /Note (/Subtype /Image)')]),
      detail: /inflates past 1048576 bytes/,
    },
    {
      name: 'a /Filter given by reference',
      file: async () => pdfWithStreams([content(await flate(2 * MiB), '/Filter 9 0 R')]),
      detail: /inflates past 1048576 bytes/,
    },
    {
      name: 'a stream cut short by a decoy endstream (and /Length)',
      file: async () => {
        const data = await flateWithDecoyEndstream(2 * MiB);
        return pdfWithStreams([{ dictionary: '/Filter /FlateDecode', data }]);
      },
      detail: /inflates past 1048576 bytes/,
    },
    {
      name: 'damaged deflate data (left for pdf.js to judge)',
      file: async () => pdfWithStreams([content((await flate(MiB)).subarray(0, 200))]),
      detail: null,
    },
    { name: 'a stream that is not zlib data', file: () => pdfWithStreams([content(Buffer.from('BT (x) Tj ET'), '')]), detail: null },
  ];

  it.each(files)('$name', async ({ file, detail }) => {
    const outcome = await assertPdfStreamsWithinLimits(await file(), limits).catch((error: unknown) => error);
    if (detail === null) return expect(outcome).toBeUndefined();
    expect(outcome).toBeInstanceOf(DocumentProcessingError);
    expect(outcome).toMatchObject({ problem: 'tooLargeUncompressed', detail: expect.stringMatching(detail) });
  });
});

describe('pdfStreams', () => {
  it('finds each stream once, with its dictionary, skipping over stream data', () => {
    const pdf = pdfWithStreams([
      content(Buffer.from('binary stream endobj obj \n'), '/Filter /None'),
      content(Buffer.from('x'), '/Subtype /Image'),
    ]);
    const found = [...pdfStreams(pdf)];
    expect(found.map((stream) => stream.dictionary.trim())).toEqual(['<< /Length 26 /Filter /None >>', '<< /Length 1 /Subtype /Image >>']);
    expect(pdf.toString('latin1', found[0]!.start, found[0]!.start + 13)).toBe('binary stream');
  });
});

describe('isImageStream', () => {
  it.each([
    { dictionary: '<< /Type /XObject /Subtype /Image /Width 10 >>', image: true },
    { dictionary: '<</Subtype/Image/Width 10>>', image: true },
    { dictionary: '<< /Subtype /Form >>', image: false },
    { dictionary: '<< /Subtype /ImageMask >>', image: false },
    { dictionary: '<< /Title (a /Subtype /Image (nested) here) >>', image: false },
    { dictionary: '<< /Length 5 % /Subtype /Image\n >>', image: false },
  ])('$dictionary: $image', ({ dictionary, image }) => {
    expect(isImageStream(dictionary)).toBe(image);
  });
});
