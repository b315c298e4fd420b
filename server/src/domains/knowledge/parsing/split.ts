import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import { clampHeading, type Section } from './sections.ts';

export interface SplitOptions {
  /** Most characters in a chunk. */
  chunkSize: number;
  /** Characters a chunk repeats from the end of the previous one in the same section. */
  chunkOverlap: number;
}

/** About 250 tokens: small enough to be precise, large enough to carry a whole answer. */
export const DEFAULT_SPLIT: SplitOptions = { chunkSize: 1000, chunkOverlap: 150 };

/**
 * LangChain keeps a separator at the start of the piece after it (". Next sentence"); this keeps it
 * at the end of the piece before it, where punctuation and paragraph breaks belong.
 */
class TrailingSeparatorSplitter extends RecursiveCharacterTextSplitter {
  protected override splitOnSeparator(text: string, separator: string): string[] {
    if (!separator) return [...text];
    const escaped = separator.replace(/[/\-\\^$*+?.()|[\]{}]/g, '\\$&');
    return text.split(new RegExp(`(?<=${escaped})`)).filter((piece) => piece !== '');
  }
}

export interface ChunkDraft {
  /** Position of the chunk in its source, from 0. */
  ordinal: number;
  content: string;
  heading: string | null;
  page: number | null;
  /** Rough token count (about four characters per token). */
  tokenCount: number;
}

/**
 * Splits each section on paragraph, line, sentence and word boundaries (LangChain's recursive
 * splitter) into chunks of at most `chunkSize` characters overlapping by up to `chunkOverlap`.
 * A chunk never spans two sections, so its page and heading are exact.
 */
export async function splitSections(sections: Section[], options: SplitOptions = DEFAULT_SPLIT): Promise<ChunkDraft[]> {
  if (options.chunkOverlap >= options.chunkSize) throw new Error('The chunk overlap must be smaller than the chunk size');
  const splitter = new TrailingSeparatorSplitter({
    chunkSize: options.chunkSize,
    chunkOverlap: options.chunkOverlap,
    separators: ['\n\n', '\n', '. ', '? ', '! ', '; ', ', ', ' ', ''],
  });
  const chunks: ChunkDraft[] = [];
  for (const section of sections) {
    const heading = clampHeading(section.heading);
    const text = section.text.trim();
    if (!text) continue;
    const pieces = text.length <= options.chunkSize ? [text] : await splitter.splitText(text);
    for (const piece of pieces) {
      const content = piece.trim();
      if (!content) continue;
      chunks.push({
        ordinal: chunks.length,
        content,
        heading,
        page: section.page ?? null,
        tokenCount: Math.ceil(content.length / 4),
      });
    }
  }
  return chunks;
}
