import { BOT_PHRASES, botLanguage, notFoundReply } from './language.ts';
import { citationFor, contentTerms, termOverlap, type Citation, type Passage } from './passages.ts';

const MAX_QUOTES = 3;
const MAX_QUOTE_LENGTH = 400;

export interface ExtractiveAnswer {
  text: string;
  sources: Citation[];
  answered: boolean;
}

/** Sentences of a passage, without splitting on abbreviations' dots too eagerly. */
export function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“(])/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

function clip(sentence: string): string {
  return sentence.length <= MAX_QUOTE_LENGTH ? sentence : `${sentence.slice(0, MAX_QUOTE_LENGTH - 1).trimEnd()}…`;
}

/**
 * The offline answerer: quotes the sentences of the retrieved passages that share the most words
 * with the question, each with its citation number, so the product answers without any model.
 */
export function extractiveAnswer(
  question: string,
  passages: Passage[],
  bot: { languageCode: string; followUpBehavior: string },
): ExtractiveAnswer {
  const queryTerms = new Set(contentTerms(question));
  const candidates = passages.flatMap((passage, passageRank) =>
    sentencesOf(passage.content).map((sentence, position) => ({
      passage,
      sentence,
      overlap: termOverlap(queryTerms, sentence),
      // Among equal matches, a sentence that says more beats a heading-like fragment.
      substance: Math.min(contentTerms(sentence).length, 12),
      // Earlier passages (better retrieval rank) and earlier sentences win ties.
      order: passageRank * 1000 + position,
    })),
  );
  const bestFirst = candidates
    .filter((candidate) => candidate.overlap > 0)
    .sort((left, right) => right.overlap - left.overlap || right.substance - left.substance || left.order - right.order)
    .slice(0, MAX_QUOTES);
  const quotes = [...bestFirst].sort((left, right) => left.order - right.order);
  if (quotes.length === 0) {
    return { text: notFoundReply(bot.languageCode, bot.followUpBehavior), sources: [], answered: false };
  }
  const phrases = BOT_PHRASES[botLanguage(bot.languageCode)];
  const lines = quotes.map((quote) => `> ${clip(quote.sentence)} [${quote.passage.index}]`);
  // Each source is shown with its best quote, in the order of their best quotes.
  const sources = new Map<number, Citation>();
  for (const quote of bestFirst) {
    if (!sources.has(quote.passage.index)) sources.set(quote.passage.index, citationFor(quote.passage, clip(quote.sentence)));
  }
  return { text: `${phrases.foundIntro}\n\n${lines.join('\n\n')}`, sources: [...sources.values()], answered: true };
}
