import { fromBufferPromise, type Entry, type ZipFile } from 'yauzl';
import { DOCX_LIMITS } from './parseLimits.ts';
import { DocumentProcessingError } from '../documents/problems.ts';

export type DocxLimits = typeof DOCX_LIMITS;

/** What a zip's central directory says about one entry. */
export interface DeclaredEntry {
  fileName: string;
  compressedSize: number;
  uncompressedSize: number;
}

/** Why these declared sizes are refused, or null when they are within the limits. */
export function declaredSizeProblem(entries: readonly DeclaredEntry[], limits: DocxLimits = DOCX_LIMITS): string | null {
  let total = 0;
  for (const { fileName, compressedSize, uncompressedSize } of entries) {
    if (uncompressedSize > limits.maxEntryBytes) return `${fileName} declares ${uncompressedSize} bytes (at most ${limits.maxEntryBytes})`;
    const ratio = uncompressedSize / Math.max(compressedSize, 1);
    if (uncompressedSize > limits.ratioCheckedAboveBytes && ratio > limits.maxRatio) {
      return `${fileName} declares ${uncompressedSize} bytes from ${compressedSize} (${Math.round(ratio)}:1, at most ${limits.maxRatio}:1)`;
    }
    total += uncompressedSize;
  }
  return total > limits.maxTotalBytes ? `the entries declare ${total} bytes in all (at most ${limits.maxTotalBytes})` : null;
}

/**
 * Refuses a DOCX that would inflate past the limits, before mammoth (through jszip) inflates it in
 * memory: first by the sizes its central directory declares, then by inflating every entry, counted
 * and discarded, since a declared size can lie and jszip does not hold an entry to it.
 */
export async function assertDocxWithinLimits(data: Buffer, limits: DocxLimits = DOCX_LIMITS): Promise<void> {
  let zip: ZipFile | undefined;
  try {
    // Sizes are checked here rather than by yauzl (validateEntrySizes), to say which limit was hit.
    zip = await fromBufferPromise(data, { lazyEntries: true, validateEntrySizes: false });
    if (zip.entryCount > limits.maxEntries) throw tooLarge(`${zip.entryCount} entries (at most ${limits.maxEntries})`);
    const entries: Entry[] = [];
    for await (const entry of zip.eachEntry()) entries.push(entry);
    const declared = declaredSizeProblem(entries, limits);
    if (declared) throw tooLarge(declared);
    for (const entry of entries) {
      if ((await inflatedSize(zip, entry, entry.uncompressedSize)) > entry.uncompressedSize) {
        throw tooLarge(`${entry.fileName} inflates past the ${entry.uncompressedSize} bytes it declares`);
      }
    }
  } catch (error) {
    if (error instanceof DocumentProcessingError) throw error;
    throw new DocumentProcessingError('corrupt', 'docx', error instanceof Error ? error.message : String(error));
  } finally {
    zip?.close();
  }
}

/** Inflates an entry without keeping it, stopping one chunk past `limit`: its real size, or more than the limit. */
async function inflatedSize(zip: ZipFile, entry: Entry, limit: number): Promise<number> {
  let size = 0;
  for await (const chunk of await zip.openReadStreamPromise(entry)) {
    size += (chunk as Buffer).length;
    if (size > limit) break;
  }
  return size;
}

function tooLarge(detail: string): DocumentProcessingError {
  return new DocumentProcessingError('tooLargeUncompressed', 'docx', detail);
}
