import { describe, expect, it } from 'vitest';
import { docxOfRepeatedParagraph, MiB, pdfWithPages } from '../../../../test/documentFixtures.ts';
import { PARSE_WORKER_LIMITS } from './parseLimits.ts';
import { parseInWorker } from './parseWorker.ts';
import { DocumentProcessingError } from '../documents/problems.ts';

describe('parseInWorker', () => {
  it('parses a document in a child process', async () => {
    const parsed = await parseInWorker('pdf', await pdfWithPages(['The capital of Zorbia is Quillton.']));
    expect(parsed).toEqual({
      sections: [{ heading: null, text: 'The capital of Zorbia is Quillton.', page: 1 }],
      pageCount: 1,
      truncated: false,
    });
  });

  it('brings an expected problem back from the parser with its message and detail', async () => {
    const error = await parseInWorker('docx', await docxOfRepeatedParagraph(300 * MiB)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DocumentProcessingError);
    expect(error).toMatchObject({
      problem: 'tooLargeUncompressed',
      message: expect.stringMatching(/^This file is too large once uncompressed/),
      detail: expect.stringMatching(/word\/document.xml declares \d+ bytes/),
    });
  });

  it('fails a parse that outlives its time limit as too slow', async () => {
    const error = await parseInWorker('txt', Buffer.from('Quick to read, but not in a millisecond.'), {
      ...PARSE_WORKER_LIMITS,
      timeoutMs: 1,
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ problem: 'tooSlow', message: expect.stringMatching(/took too long to read/) });
  });

  it('fails a parse that outgrows its heap as needing too much memory', async () => {
    // Loading the parsers alone takes more than 8 MB of heap.
    const limits = { ...PARSE_WORKER_LIMITS, maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1 };
    const error = await parseInWorker('pdf', await pdfWithPages(['text']), limits).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ problem: 'tooMuchMemory', message: expect.stringMatching(/needed too much memory/) });
  });
});
