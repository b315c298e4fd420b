import { constants, createInflate } from 'node:zlib';
import { PDF_LIMITS } from './parseLimits.ts';
import { DocumentProcessingError } from '../documents/problems.ts';

export type PdfLimits = typeof PDF_LIMITS;

export interface LocatedStream {
  /** The stream's dictionary as text (from its object header to the `stream` keyword). */
  dictionary: string;
  /** Where its data starts in the file. */
  start: number;
}

/**
 * The streams of a PDF in file order, found by their `stream` keyword rather than through the
 * cross-reference table, which can be damaged or lie (pdf.js falls back to the same search).
 */
export function* pdfStreams(data: Buffer): Generator<LocatedStream> {
  let from = 0;
  for (;;) {
    const keyword = data.indexOf('stream', from, 'latin1');
    if (keyword === -1) return;
    const dictionaryFloor = from;
    from = keyword + 'stream'.length;
    if (keyword >= 3 && data.toString('latin1', keyword - 3, keyword) === 'end') continue;
    // The keyword is followed by CRLF or LF (a lone CR from careless writers); anything else is not it.
    const start = data[from] === 0x0d && data[from + 1] === 0x0a ? from + 2 : data[from] === 0x0a || data[from] === 0x0d ? from + 1 : -1;
    if (start === -1) continue;
    const objectHeader = data.lastIndexOf('obj', keyword, 'latin1');
    yield { dictionary: data.toString('latin1', Math.max(objectHeader + 'obj'.length, dictionaryFloor), keyword), start };
    const end = data.indexOf('endstream', start, 'latin1');
    if (end === -1) return;
    from = end + 'endstream'.length;
  }
}

/** Images are never decoded to extract text: pdf.js skips them, and they may legitimately inflate a lot. */
export function isImageStream(dictionary: string): boolean {
  return /\/Subtype\s*\/Image(?=[\s/<>[\]()%]|$)/.test(withoutStringsAndComments(dictionary));
}

/** The dictionary without its strings and comments, where a `/Subtype /Image` would mean nothing. */
function withoutStringsAndComments(dictionary: string): string {
  let kept = '';
  let depth = 0;
  for (let index = 0; index < dictionary.length; index++) {
    const char = dictionary[index]!;
    if (depth > 0) {
      if (char === '\\') index++;
      else if (char === '(') depth++;
      else if (char === ')') depth--;
    } else if (char === '(') {
      depth = 1;
    } else if (char === '%') {
      while (index + 1 < dictionary.length && dictionary[index + 1] !== '\n' && dictionary[index + 1] !== '\r') index++;
    } else {
      kept += char;
    }
  }
  return kept;
}

/**
 * Refuses a PDF whose streams would inflate past the limits, before pdf.js decodes any of them in
 * memory. Every stream but images is tried as zlib data, whatever its `/Filter` says (which can be
 * an indirect reference), and inflated from its start to the end of the deflate data itself, not to
 * `endstream` or `/Length`, which can lie: no decoder gets more out of it than that.
 */
export async function assertPdfStreamsWithinLimits(data: Buffer, limits: PdfLimits = PDF_LIMITS): Promise<void> {
  let total = 0;
  for (const stream of pdfStreams(data)) {
    if (isImageStream(stream.dictionary)) continue;
    const size = await inflatedSize(data.subarray(stream.start), Math.min(limits.maxStreamBytes, limits.maxTotalStreamBytes - total));
    if (size > limits.maxStreamBytes) throw tooLarge(`a stream at byte ${stream.start} inflates past ${limits.maxStreamBytes} bytes`);
    total += size;
    if (total > limits.maxTotalStreamBytes) throw tooLarge(`the streams inflate past ${limits.maxTotalStreamBytes} bytes in all`);
  }
}

/**
 * Inflates zlib data without keeping it, stopping one chunk past `limit`: its size, or more than the
 * limit. Data that is not zlib, or is damaged, counts for what came out before the damage.
 */
async function inflatedSize(compressed: Buffer, limit: number): Promise<number> {
  // Not a zlib header (deflate, checksum over the two bytes): not worth starting an inflater.
  if (compressed.length < 2 || (compressed[0]! & 0x0f) !== 8 || ((compressed[0]! << 8) | compressed[1]!) % 31 !== 0) return 0;
  const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 64 * 1024 });
  inflate.end(compressed);
  let size = 0;
  try {
    for await (const chunk of inflate) {
      size += (chunk as Buffer).length;
      if (size > limit) break;
    }
  } catch {
    // Damaged or not deflate after all: what came out so far is all there is.
  }
  return size;
}

function tooLarge(detail: string): DocumentProcessingError {
  return new DocumentProcessingError('tooLargeUncompressed', 'pdf', detail);
}
