// Words as lexical search compares them, in documents and questions alike: accents folded, elided
// articles dropped, function words left out, each word reduced to its Snowball stem, so "opening"
// meets "open" and "livraisons" meets "livraison".
import snowball from 'snowball-stemmers';
import { isStopword } from './stopwords.ts';

export type StemLanguage = 'en' | 'fr' | 'es' | 'de' | 'it';

/** Bump whenever `searchTermsOf` changes: chunks stemmed by an older version are stemmed again at boot. */
export const STEMMING_VERSION = 3;

const STEMMER_NAMES: Record<StemLanguage, string> = { en: 'english', fr: 'french', es: 'spanish', de: 'german', it: 'italian' };
/** Stems already computed, per language: a corpus repeats its words, and every chunk is stemmed twice (vector and full text). */
const STEM_CACHE_SIZE = 50_000;
const stemmers = new Map<StemLanguage, { stemmer: { stem(word: string): string }; cache: Map<string, string> }>();

function stemmerFor(language: StemLanguage) {
  let entry = stemmers.get(language);
  if (!entry) {
    entry = { stemmer: snowball.newStemmer(STEMMER_NAMES[language]), cache: new Map() };
    stemmers.set(language, entry);
  }
  return entry;
}

/** Lower case, accents folded, apostrophes of elision dropped ("l'atelier" is "atelier"). */
export function foldedWords(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/\b[cdjlmnst]['’]/g, ' ')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Where an identifier written in camelCase breaks into words: "keepAliveTimeout", "HTTPServer". */
const CAMEL_CASE_BREAK = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
/**
 * Words joined by one hyphen or slash ("keep-alive", "HTTP/2"), which are also written as one
 * ("keepalive", "http2"); not when a part is a letter or a function word, as in French inversions
 * ("existe-t-il", "peut-on"), which nobody writes as one word.
 */
const JOINED_WORDS = /[\p{L}\p{N}]+(?:[-/][\p{L}\p{N}]+)+/gu;

/** The parts of an identifier ("keepAliveTimeout": keep, alive, timeout), or none for a plain word. */
export function identifierParts(token: string): string[] {
  const parts = token.split(CAMEL_CASE_BREAK);
  return parts.length > 1 ? parts : [];
}

/**
 * The words search matches by: as `foldedWords`, each identifier both whole and in its parts, and
 * words joined by a hyphen or a slash also as one, so "keep-alive timeout" meets `keepAliveTimeout`,
 * "body limit" meets `bodyLimit` and "HTTP/2" meets `http2`. Case tells where an identifier breaks,
 * so it is read before folding.
 */
export function searchWords(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/\b[cdjlmnst]['’]/gi, ' ');
  const words: string[] = [];
  for (const token of folded.match(/[\p{L}\p{N}]+/gu) ?? []) {
    const lower = token.toLowerCase();
    words.push(lower);
    // Only a word with a capital can be an identifier to split (splitting is slow).
    if (lower !== token) for (const part of identifierParts(token)) words.push(part.toLowerCase());
  }
  // Only the stretches with a hyphen or a slash are matched: the pattern is slow on plain prose.
  for (const stretch of folded.split(/\s+/)) {
    if (!stretch.includes('-') && !stretch.includes('/')) continue;
    for (const joined of stretch.match(JOINED_WORDS) ?? []) {
      const parts = joined.toLowerCase().split(/[-/]/);
      if (parts.every(isContentWord)) words.push(parts.join(''));
    }
  }
  return words;
}

/**
 * Whether a folded word says what a text is about: not a function word, not a single letter. A
 * single digit does ("volume 5", "floor 3", "step 2"): passages alike but for such a number are
 * told apart by it alone.
 */
export function isContentWord(word: string): boolean {
  return (word.length > 1 || /^\d$/.test(word)) && !isStopword(word);
}

/** The words of a text that say what it is about (see `isContentWord`). */
export function contentWords(text: string): string[] {
  return foldedWords(text).filter(isContentWord);
}

/** A folded word's stem in `language`; numbers and codes stay as they are. */
export function stemWord(word: string, language: StemLanguage): string {
  if (/^\d/.test(word)) return word;
  const { stemmer, cache } = stemmerFor(language);
  let stem = cache.get(word);
  if (stem === undefined) {
    if (cache.size >= STEM_CACHE_SIZE) cache.clear();
    stem = stemmer.stem(word);
    cache.set(word, stem);
  }
  return stem;
}

const FRENCH_MARKERS = new Set([
  'le',
  'la',
  'les',
  'des',
  'du',
  'est',
  'vous',
  'vos',
  'votre',
  'quel',
  'quelle',
  'quelles',
  'quels',
  'combien',
  'pour',
  'avec',
  'une',
  'un',
  'que',
  'qui',
  'est-ce',
  'faut',
  'il',
  'sont',
  'et',
  'au',
  'aux',
  'peut',
  'puis',
  'je',
  'mon',
  'ma',
  'mes',
]);
const ENGLISH_MARKERS = new Set([
  'the',
  'is',
  'are',
  'do',
  'does',
  'you',
  'your',
  'what',
  'which',
  'when',
  'where',
  'how',
  'can',
  'i',
  'my',
  'to',
  'of',
  'and',
  'a',
  'an',
  'in',
  'for',
  'with',
  'it',
  'there',
  'much',
  'many',
]);

/** English or French by their function words (a hint of accents counts for French); null when it cannot tell. */
export function detectLanguage(text: string): 'en' | 'fr' | null {
  const tokens = text.toLowerCase().match(/[\p{L}'-]+/gu) ?? [];
  const french = tokens.filter((token) => FRENCH_MARKERS.has(token)).length + (/[àâçéèêëîïôûùüÿœ]/i.test(text) ? 1 : 0);
  const english = tokens.filter((token) => ENGLISH_MARKERS.has(token)).length;
  if (french > english) return 'fr';
  if (english > french) return 'en';
  return null;
}

/**
 * What full-text search indexes for a passage: its content words' stems, in the passage's own
 * language (English when it cannot tell), space-separated.
 */
export function searchTermsOf(text: string, fallback: StemLanguage = 'en'): string {
  const language = detectLanguage(text) ?? fallback;
  return searchWords(text)
    .filter(isContentWord)
    .map((word) => stemWord(word, language))
    .join(' ');
}
