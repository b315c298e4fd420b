import { describe, expect, it } from 'vitest';
import { assertDocxWithinLimits, declaredSizeProblem, type DeclaredEntry } from './docxArchive.ts';
import { deflated, docxAround, docxOfRepeatedParagraph, docxWith, MiB, zipArchive } from '../../../../test/documentFixtures.ts';
import { DOCX_LIMITS } from './parseLimits.ts';
import { DocumentProcessingError } from '../documents/problems.ts';

const entry = (uncompressedSize: number, compressedSize = uncompressedSize / 10): DeclaredEntry => ({
  fileName: 'word/document.xml',
  compressedSize,
  uncompressedSize,
});

describe('declaredSizeProblem', () => {
  it.each([
    { name: 'ordinary Word entries', entries: [entry(40_000), entry(2 * MiB), entry(30 * MiB)], problem: null },
    { name: 'a small entry, however compressed', entries: [entry(MiB, 1_000)], problem: null },
    { name: 'an entry over 100 MiB', entries: [entry(101 * MiB)], problem: /declares 105906176 bytes \(at most 104857600\)/ },
    {
      name: 'entries over 200 MiB in all',
      entries: [entry(90 * MiB), entry(90 * MiB), entry(30 * MiB)],
      problem: /in all \(at most 209715200\)/,
    },
    { name: 'an entry over 1 MiB inflating more than 100:1', entries: [entry(2 * MiB, 20_000)], problem: /\(105:1, at most 100:1\)/ },
  ])('judges $name', ({ entries, problem }) => {
    const found = declaredSizeProblem(entries);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toMatch(problem);
  });
});

describe('assertDocxWithinLimits', () => {
  const files: {
    name: string;
    file: () => Promise<Buffer> | Buffer;
    limits?: typeof DOCX_LIMITS;
    problem: string | null;
    detail?: RegExp;
  }[] = [
    { name: 'a DOCX written by a word processor', file: () => docxWith([{ heading: 'Title', paragraphs: ['Text.'] }]), problem: null },
    { name: 'a DOCX of 900 KiB of very repetitive text', file: () => docxOfRepeatedParagraph(900 * 1024), problem: null },
    {
      name: 'a DOCX that declares 300 MiB',
      file: () => docxAround(deflated('<w:document/>'), 300 * MiB),
      problem: 'tooLargeUncompressed',
      detail: /word\/document.xml declares 314572800 bytes/,
    },
    {
      name: 'a DOCX that inflates past the size it declares',
      file: () => docxOfRepeatedParagraph(4 * MiB, { declaredSize: 500_000 }),
      problem: 'tooLargeUncompressed',
      detail: /word\/document.xml inflates past the 500000 bytes it declares/,
    },
    {
      name: 'a zip of more entries than allowed',
      file: () => docxWith([]),
      limits: { ...DOCX_LIMITS, maxEntries: 2 },
      problem: 'tooLargeUncompressed',
      detail: /entries \(at most 2\)/,
    },
    { name: 'the start of a zip and nothing more', file: () => Buffer.from('504b0304140000000000', 'hex'), problem: 'corrupt' },
    {
      name: 'an entry whose data is not deflate',
      file: () => zipArchive([{ name: 'word/document.xml', data: { deflated: Buffer.alloc(64, 0xff), crc32: 0, size: 1_000 } }]),
      problem: 'corrupt',
    },
  ];

  it.each(files)('$name: $problem', async ({ file, limits, problem, detail }) => {
    const outcome = await assertDocxWithinLimits(await file(), limits).catch((error: unknown) => error);
    if (problem === null) return expect(outcome).toBeUndefined();
    expect(outcome).toBeInstanceOf(DocumentProcessingError);
    expect(outcome).toMatchObject({ problem, detail: detail ?? expect.any(String) });
  });
});
