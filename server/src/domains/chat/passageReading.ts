// What the offline answerer reads in a passage, kept for the passages asked about again: a busy
// bot's answers come from the same few chunks, and reading one (splitting its sentences, stemming
// each word) cost more of an answer's CPU than the rest of the answerer.
import type { BotLanguage } from './language.ts';
import type { Passage } from './passages.ts';
import { stemmedTerms } from './terms.ts';

/** A passage's stems, its prose sentences with theirs, and its heading's (with the source's title). */
export interface PassageReading {
  /** The stems of its title, heading and content together. */
  terms: ReadonlySet<string>;
  /** Its sentences of prose (markup left out), each with its stems. */
  sentences: readonly { sentence: string; terms: ReadonlySet<string> }[];
  /** The stems of its heading and of its source's title without the file's extension. */
  headingTerms: ReadonlySet<string>;
}

/** Readings kept, the least recently used dropped first: a few megabytes at most. */
const READINGS_KEPT = 2_000;

const readings = new Map<string, { passage: Pick<Passage, 'content' | 'heading'> & { title: string }; reading: PassageReading }>();

/** Sentences of a passage, without splitting on abbreviations' dots too eagerly. */
export function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“(])/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

/** A line of markup rather than prose: a table row, a list of links, a code line. */
function looksLikeMarkup(sentence: string): boolean {
  const letters = (sentence.match(/\p{L}/gu) ?? []).length;
  return letters < sentence.length * 0.5 || (sentence.match(/\|/g) ?? []).length >= 2 || /^(```|\s*[-*]\s*\[)/.test(sentence);
}

function read(passage: Passage, language: BotLanguage): PassageReading {
  return {
    terms: new Set(stemmedTerms(`${passage.source.title} ${passage.heading ?? ''} ${passage.content}`, language)),
    sentences: sentencesOf(passage.content)
      .filter((sentence) => !looksLikeMarkup(sentence))
      .map((sentence) => ({ sentence, terms: new Set(stemmedTerms(sentence, language)) })),
    headingTerms: new Set(stemmedTerms(`${passage.heading ?? ''} ${passage.source.title.replace(/\.\w+$/, '')}`, language)),
  };
}

/** The passage's reading in `language`: the one kept for its chunk when its text is still the same, else read now. */
export function readingOf(passage: Passage, language: BotLanguage): PassageReading {
  const key = `${language} ${passage.chunkId}`;
  const kept = readings.get(key);
  if (
    kept &&
    kept.passage.content === passage.content &&
    kept.passage.heading === passage.heading &&
    kept.passage.title === passage.source.title
  ) {
    readings.delete(key);
    readings.set(key, kept);
    return kept.reading;
  }
  const reading = read(passage, language);
  if (!passage.chunkId) return reading;
  readings.delete(key);
  if (readings.size >= READINGS_KEPT) readings.delete(readings.keys().next().value!);
  readings.set(key, { passage: { content: passage.content, heading: passage.heading, title: passage.source.title }, reading });
  return reading;
}
