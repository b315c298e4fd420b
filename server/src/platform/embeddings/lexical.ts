import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { detectLanguage, stemWord, type StemLanguage } from './stems.ts';
import { isStopword } from './stopwords.ts';
import type { Embeddings } from './types.ts';

/** Long enough that hashed features rarely collide in a passage, short enough for fast vector search. */
export const LEXICAL_DIMENSIONS = 512;

/** Bump whenever the features or their weights change: the model id names the vector collection. */
const ALGORITHM_VERSION = 2;
/** Passages embedded between two turns of the event loop (a few milliseconds of work). */
const TEXTS_BETWEEN_YIELDS = 16;

const MAX_TOKEN_LENGTH = 40;
/** How much of a word's weight its character n-grams carry (as L2 mass), and its bigrams. */
const CHAR_GRAM_SHARE = 0.5;
const BIGRAM_WEIGHT = 0.6;
const CHAR_GRAM_SIZE = 3;
const MIN_WORD_FOR_CHAR_GRAMS = 4;

/**
 * Words of a text as the lexical features see them: Unicode-normalised, lower case, without
 * diacritics ("Café" and "cafe" are one word), split on anything that is not a letter or digit.
 */
export function lexicalTokens(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  const tokens = folded.match(/[\p{L}\p{N}]+/gu) ?? [];
  return tokens.map((token) => (token.length > MAX_TOKEN_LENGTH ? token.slice(0, MAX_TOKEN_LENGTH) : token));
}

/**
 * An IDF stand-in that needs no corpus: function words and very short tokens say little, tokens
 * with digits (codes, prices, dates) say a lot.
 */
function tokenWeight(token: string): number {
  if (isStopword(token)) return 0.15;
  if (token.length <= 2) return /\d/.test(token) ? 0.8 : 0.4;
  if (/\d/.test(token)) return 1.3;
  return 1;
}

interface Feature {
  count: number;
  weightSum: number;
}

function addFeature(features: Map<string, Feature>, key: string, weight: number): void {
  const feature = features.get(key);
  if (feature) {
    feature.count += 1;
    feature.weightSum += weight;
  } else {
    features.set(key, { count: 1, weightSum: weight });
  }
}

/** FNV-1a over UTF-16 code units, then murmur3's finaliser so every bit of the result is mixed. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/**
 * The embedded default: a deterministic lexical embedding. Features are word stems (in the text's
 * language, see stems.ts, so "opening" meets "open"), adjacent content-stem pairs and character
 * trigrams of content words (so typos and compounds overlap), each weighted by sublinear term frequency (1 + ln tf) times a corpus-free IDF stand-in, hashed with a sign into
 * a fixed number of dimensions (the hashing trick) and L2-normalised, so that the cosine of two
 * vectors measures shared vocabulary. Needs no model, no network and no corpus state.
 */
export class LexicalEmbeddings implements Embeddings {
  readonly modelId: string;

  constructor(readonly dimensions: number = LEXICAL_DIMENSIONS) {
    if (!Number.isInteger(dimensions) || dimensions < 16) throw new Error('Lexical embeddings need at least 16 dimensions');
    this.modelId = `local-lexical-v${ALGORITHM_VERSION}-${dimensions}`;
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    const vectors: number[][] = [];
    for (const [index, text] of texts.entries()) {
      // This runs on the server's thread: 128 passages took 30 to 170 ms in one go, long enough to
      // hold up every request meanwhile (a 9.5 MB document is 120 such calls); a few at a time is not.
      if (index > 0 && index % TEXTS_BETWEEN_YIELDS === 0) await yieldToEventLoop();
      vectors.push(this.embed(text));
    }
    return vectors;
  }

  async embedQuery(text: string): Promise<number[]> {
    return this.embed(text);
  }

  /** Synchronous core, also used by callers that batch and yield themselves. */
  embed(text: string): number[] {
    const tokens = lexicalTokens(text);
    // A text that does not tell its language (a short question, a table) gets both stems of each word.
    const detected = detectLanguage(text);
    const languages: StemLanguage[] = detected ? [detected] : ['en', 'fr'];
    const features = new Map<string, Feature>();
    let previous: string | null = null;
    for (const token of tokens) {
      const weight = tokenWeight(token);
      const content = !isStopword(token);
      const stems = content ? [...new Set(languages.map((language) => stemWord(token, language)))] : [token];
      for (const stem of stems) addFeature(features, `w:${stem}`, weight / stems.length);
      const stem = stems[0]!;
      if (content && previous !== null) addFeature(features, `b:${previous} ${stem}`, BIGRAM_WEIGHT);
      previous = content ? stem : null;
      if (content && token.length >= MIN_WORD_FOR_CHAR_GRAMS) {
        const marked = `<${token}>`;
        const grams = marked.length - CHAR_GRAM_SIZE + 1;
        const gramWeight = (CHAR_GRAM_SHARE * weight) / Math.sqrt(grams);
        for (let start = 0; start < grams; start++) {
          addFeature(features, `c:${marked.slice(start, start + CHAR_GRAM_SIZE)}`, gramWeight);
        }
      }
    }

    const vector = new Float64Array(this.dimensions);
    for (const [key, { count, weightSum }] of features) {
      const value = (weightSum / count) * (1 + Math.log(count));
      const hash = hash32(key);
      const slot = hash % this.dimensions;
      vector[slot] = (vector[slot] ?? 0) + (hash & 0x80000000 ? -value : value);
    }
    let norm = 0;
    for (const value of vector) norm += value * value;
    norm = Math.sqrt(norm);
    const result = new Array<number>(this.dimensions);
    for (let index = 0; index < this.dimensions; index++) result[index] = norm > 0 ? vector[index]! / norm : 0;
    return result;
  }
}
