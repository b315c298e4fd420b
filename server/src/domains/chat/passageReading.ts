// What the offline answerer reads in a passage, kept for the passages asked about again: a busy
// bot's answers come from the same few chunks, and reading one (splitting its sentences, stemming
// each word) cost more of an answer's CPU than the rest of the answerer.
import type { BotLanguage } from './language.ts';
import type { Passage } from './passage.ts';
import { stemmedTerms } from './terms.ts';

/** A passage's stems, its sentences and code blocks with theirs, and its heading's (with the source's title). */
export interface PassageReading {
  /** The stems of its title, heading and content together. */
  terms: ReadonlySet<string>;
  /** Its sentences of prose and its code blocks (other markup left out), in order, each with its stems. */
  sentences: readonly ReadSentence[];
  /** The stems of its heading and of its source's title without the file's extension. */
  headingTerms: ReadonlySet<string>;
}

/** A sentence of a passage, or one of its code blocks. */
export interface ReadSentence {
  sentence: string;
  terms: ReadonlySet<string>;
  /** A code block: worth quoting only to someone asking how to do something. */
  code: boolean;
  /** The sentence before, which a sentence opening with a pronoun refers to: quoted with it. */
  context?: string;
  /** The code block a sentence ending with ":" introduces, quoted with it to someone asking how. */
  introduces?: { text: string; terms: ReadonlySet<string> };
}

/** Readings kept, the least recently used dropped first: a few megabytes at most. */
const READINGS_KEPT = 2_000;

const readings = new Map<string, { passage: Pick<Passage, 'content' | 'heading'> & { title: string }; reading: PassageReading }>();

/** Words whose dot does not end a sentence ("e.g. Smith", "vs. Express"), lower-cased and without it. */
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'cf',
  'vs',
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'fig',
  'approx',
  'incl',
  'ex',
  'env',
  'p',
  'resp',
  'mme',
  'mlle',
]);

/** Whether the dot after `word` belongs to it: an initial ("J."), initials ("J.H.M"), or an abbreviation. */
function dotBelongsTo(word: string): boolean {
  return /^\p{L}$/u.test(word) || /^(\p{L}\.)+\p{L}$/u.test(word) || ABBREVIATIONS.has(word.toLowerCase());
}

/** Sentences of a text: split after ".", "!" or "?" before a capital, a digit or an opening mark, but not after initials or abbreviations. */
export function sentencesOf(text: string): string[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  const sentences: string[] = [];
  let start = 0;
  for (const boundary of flat.matchAll(/([.!?])["”»’)]*\s+(?=[\p{Lu}\p{N}"“«(`*[])/gu)) {
    const end = boundary.index + boundary[0].trimEnd().length;
    const before = flat.slice(start, boundary.index).match(/([\p{L}.]+)$/u)?.[1] ?? '';
    if (boundary[1] === '.' && dotBelongsTo(before)) continue;
    sentences.push(flat.slice(start, end).trim());
    start = end;
  }
  sentences.push(flat.slice(start).trim());
  return sentences.filter((sentence) => sentence.length > 0);
}

/** A block of a passage: a paragraph, a list item, a line of markup, or a fenced code block. */
export interface Block {
  text: string;
  code: boolean;
}

const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+/;

/** A passage's blocks, in order: fenced code blocks whole, the rest cut at blank lines, list items, table rows and headings. */
export function blocksOf(content: string): Block[] {
  const blocks: Block[] = [];
  // Markdown quotes ("> ") hold paragraphs, lists and code like the rest.
  const parts = content.replace(/^[ \t]*>[ \t]?/gm, '').split(/(^```[^\n]*\n[\s\S]*?(?:^```[^\n]*$|(?![\s\S])))/m);
  parts.forEach((part, position) => {
    if (position % 2 === 1) {
      blocks.push({ text: part.trim(), code: true });
      return;
    }
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length > 0) blocks.push({ text: paragraph.join(' '), code: false });
      paragraph = [];
    };
    for (const line of part.split('\n')) {
      if (line.trim() === '') flush();
      else if (LIST_ITEM.test(line) || /^\s*(?:#|\|)/.test(line)) {
        flush();
        paragraph.push(line.trim());
      } else paragraph.push(line.trim());
    }
    flush();
  });
  return blocks;
}

/** A line of markup rather than prose: a table row, a heading, a list of links, an anchor, a code line. */
function looksLikeMarkup(sentence: string): boolean {
  const letters = (sentence.match(/\p{L}/gu) ?? []).length;
  return letters < sentence.length * 0.5 || (sentence.match(/\|/g) ?? []).length >= 2 || /^(```|#|\s*[-*]\s*\[|<a\s)/.test(sentence);
}

/** The most a sentence ending with ":" brings of what follows (a list, a command). */
const INTRODUCED_LENGTH = 400;

/** A sentence that announces what follows: it ends with ":", or without a full stop ("run the command"). */
function introducesNext(sentence: string): boolean {
  return /:$/.test(sentence) || !/[.!?;…)"”»]$/.test(sentence);
}

/** A passage's sentences of prose and code blocks; a sentence ending with ":" brings the next line or list with it. */
export function passageSentences(content: string): { sentence: string; code: boolean; introduces?: string }[] {
  const blocks = blocksOf(content);
  const sentences: { sentence: string; code: boolean; introduces?: string }[] = [];
  for (let position = 0; position < blocks.length; position++) {
    const block = blocks[position]!;
    if (block.code) {
      sentences.push({ sentence: block.text, code: true });
      continue;
    }
    const ofBlock = sentencesOf(block.text).filter((sentence) => !looksLikeMarkup(sentence));
    const last = ofBlock.pop();
    sentences.push(...ofBlock.map((sentence) => ({ sentence, code: false })));
    if (last === undefined) continue;
    if (!introducesNext(last) || position + 1 >= blocks.length) {
      sentences.push({ sentence: last, code: false });
      continue;
    }
    const next = blocks[position + 1]!;
    if (next.code) {
      sentences.push({ sentence: last, code: false, introduces: next.text });
      position += 1;
      continue;
    }
    // The next paragraph, or the list that follows, as far as it goes.
    let brought = last;
    let taken = position + 1;
    const listed = LIST_ITEM.test(next.text);
    while (taken < blocks.length && !blocks[taken]!.code && brought.length + blocks[taken]!.text.length <= INTRODUCED_LENGTH) {
      const following = blocks[taken]!.text;
      if (looksLikeMarkup(following) || (listed && !LIST_ITEM.test(following))) break;
      brought += `\n${following}`;
      taken += 1;
      if (!listed) break;
    }
    sentences.push({ sentence: brought, code: false });
    position = taken - 1;
  }
  return sentences;
}

/** A sentence that speaks of what the one before it named ("They are valid for two years", "Il coûte…"). */
const ANAPHORA = /^(it|its|they|their|this|these|those|he|she|ils|elles|cela|ceci|celui-ci|celle-ci)\b/i;

/** Whether a sentence speaks of what the sentence before it named, so means little without it. */
export const refersBack = (sentence: string) => ANAPHORA.test(sentence);

function read(passage: Passage, language: BotLanguage): PassageReading {
  const sentences: ReadSentence[] = [];
  for (const { sentence, code, introduces } of passageSentences(passage.content)) {
    const previous = sentences.at(-1);
    const own = new Set(stemmedTerms(sentence, language));
    // A sentence opening with a pronoun is about what the one before it named: it carries its words.
    const context = previous && !previous.code && refersBack(sentence) ? previous : undefined;
    sentences.push({
      sentence,
      code,
      terms: context ? new Set([...own, ...context.terms]) : own,
      ...(context ? { context: context.sentence } : {}),
      ...(introduces ? { introduces: { text: introduces, terms: new Set(stemmedTerms(introduces, language)) } } : {}),
    });
  }
  return {
    terms: new Set(stemmedTerms(`${passage.source.title} ${passage.heading ?? ''} ${passage.content}`, language)),
    sentences,
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
