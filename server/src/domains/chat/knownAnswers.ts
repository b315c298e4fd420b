// Q&A pairs at answer time: the answer the bot's owner wrote for a question close enough to the one
// asked, by the same likeness that shows a question once in Needs attention.
import { likeness, questionKey, SAME_QUESTION_SIMILARITY } from './attention.ts';
import type { Passage } from './passage.ts';

/** A Q&A pair as the chat reads it. */
export interface KnownAnswer {
  id: string;
  question: string;
  answer: string;
  updatedAt: Date;
}

type QuestionKey = ReturnType<typeof questionKey>;

/**
 * Each pair's question stems, worked out once per list of pairs and language: the pairs' cache hands
 * back the same array for as long as it keeps it, so neither every answer nor every exchange Needs
 * attention checks stems a bot's pairs again.
 */
const keyedLists = new WeakMap<readonly KnownAnswer[], Map<string, { pair: KnownAnswer; key: QuestionKey }[]>>();

function keyedPairs(known: readonly KnownAnswer[], languageCode: string) {
  let byLanguage = keyedLists.get(known);
  if (!byLanguage) {
    byLanguage = new Map();
    keyedLists.set(known, byLanguage);
  }
  let keyed = byLanguage.get(languageCode);
  if (!keyed) {
    keyed = known.map((pair) => ({ pair, key: questionKey(pair.question, languageCode) }));
    byLanguage.set(languageCode, keyed);
  }
  return keyed;
}

/** The owner's answer whose question is most alike the one asked (SAME_QUESTION_SIMILARITY or more); null when none is. */
export function closestKnownAnswer(question: string, languageCode: string, known: readonly KnownAnswer[]): KnownAnswer | null {
  if (known.length === 0) return null;
  const asked = questionKey(question, languageCode);
  let best: KnownAnswer | null = null;
  let bestScore = 0;
  for (const { pair, key } of keyedPairs(known, languageCode)) {
    const score = likeness(asked, key);
    if (score >= SAME_QUESTION_SIMILARITY && score > bestScore) {
      best = pair;
      bestScore = score;
    }
  }
  return best;
}

/** An exchange is fixed once an answer to its question was written (or rewritten) after it was asked. */
export function isFixed(exchange: { question: string; askedAt: Date }, languageCode: string, known: readonly KnownAnswer[]): boolean {
  const pair = closestKnownAnswer(exchange.question, languageCode, known);
  return pair !== null && pair.updatedAt > exchange.askedAt;
}

/** The pair as the passage a model is given first, and told is the owner's own. */
export function knownAnswerPassage(pair: KnownAnswer, index: number): Passage {
  return {
    index,
    chunkId: `qa:${pair.id}`,
    content: `Question: ${pair.question}\nAnswer: ${pair.answer}`,
    score: 1,
    heading: "The bot owner's own answer: authoritative",
    source: { type: 'qa_pair', id: pair.id, title: pair.question, url: null, page: null },
  };
}
