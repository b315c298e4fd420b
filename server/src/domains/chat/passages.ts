import { isContentWord } from '../../platform/embeddings/index.ts';
import type { BotLanguage } from './language.ts';
import { readingOf } from './passageReading.ts';
import type { Passage, PassageSourceType } from './passage.ts';
import { stemmedTerms } from './terms.ts';

/** A retrieved passage as the chat pipeline uses it; `index` is its citation number ([1], [2]...). */

/** A source as answers cite it. */
export interface Citation {
  index: number;
  title: string;
  url: string | null;
  page: number | null;
  snippet: string;
  sourceType: PassageSourceType;
  sourceId: string;
}

const SNIPPET_LENGTH = 240;

/** Lower-case content words, with a light plural strip so "refunds" meets "refund". */
export function contentTerms(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
    .filter(isContentWord)
    .map((term) => (term.length > 3 && term.endsWith('s') && !term.endsWith('ss') ? term.slice(0, -1) : term));
}

/** How many distinct query terms a text contains. */
export function termOverlap(queryTerms: ReadonlySet<string>, text: string): number {
  const found = new Set(contentTerms(text).filter((term) => queryTerms.has(term)));
  return found.size;
}

/**
 * Whether retrieval found anything worth answering from: passages sharing a content word (by stem,
 * in the question's language) with the question. Ranks alone always return something, so they
 * cannot say "nothing relevant".
 */
export function relevantPassages(question: string, passages: Passage[], language: BotLanguage = 'en'): Passage[] {
  const asked = stemmedTerms(question, language);
  if (asked.length === 0) return [];
  const queryTerms = new Set(asked);
  return passages.filter((passage) => [...readingOf(passage, language).terms].some((term) => queryTerms.has(term)));
}

function snippetOf(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length <= SNIPPET_LENGTH ? flat : `${flat.slice(0, SNIPPET_LENGTH - 1).trimEnd()}…`;
}

/**
 * A passage the answerer was given, as the owner reads it to see why an answer came out: where it
 * comes from, how close retrieval found it, and whether the answer cited it.
 */
export interface GivenPassage extends Citation {
  heading: string | null;
  score: number;
  /** The [n] the answer cites it by; null when the answer does not cite it. */
  citedAs: number | null;
}

/** The passages an answerer was given, each with the number the answer cites it by (`citedAs`, by passage index). */
export function givenPassages(given: readonly Passage[], citedAs: ReadonlyMap<number, number>): GivenPassage[] {
  return given.map((passage) => ({
    ...citationFor(passage),
    heading: passage.heading ?? null,
    score: passage.score,
    citedAs: citedAs.get(passage.index) ?? null,
  }));
}

/** Citations numbered as the passages they quote (a model's [n] are the passages' own numbers). */
export function citedAsOwnNumbers(sources: readonly Citation[]): Map<number, number> {
  return new Map(sources.map((source) => [source.index, source.index]));
}

export function citationFor(passage: Passage, snippet = snippetOf(passage.content)): Citation {
  return {
    index: passage.index,
    title: passage.source.title,
    url: passage.source.url,
    page: passage.source.page,
    snippet,
    sourceType: passage.source.type,
    sourceId: passage.source.id,
  };
}

/**
 * The sources an answer actually used: those it cites as [n]. An answer that cites nothing is
 * credited to the passage it shares the most words with.
 */
export function citedSources(answer: string, passages: Passage[]): Citation[] {
  const cited = new Set([...answer.matchAll(/\[(\d{1,2})\]/g)].map((match) => Number(match[1])));
  const used = passages.filter((passage) => cited.has(passage.index));
  if (used.length > 0) return used.map((passage) => citationFor(passage));
  const answerTerms = new Set(contentTerms(answer));
  let best: Passage | undefined;
  let bestOverlap = 0;
  for (const passage of passages) {
    const overlap = termOverlap(answerTerms, passage.content);
    if (overlap > bestOverlap) {
      best = passage;
      bestOverlap = overlap;
    }
  }
  return best && bestOverlap >= 2 ? [citationFor(best)] : [];
}
