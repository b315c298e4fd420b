import { BOT_PHRASES, notFoundReply } from './language.ts';
import { readingOf } from './passageReading.ts';
import { citationFor, type Citation, type Passage } from './passages.ts';
import { alternativesOf } from './synonyms.ts';
import { questionLanguage, stemmedTerms } from './terms.ts';

const MAX_QUOTES = 3;
const MAX_QUOTE_LENGTH = 400;

export interface ExtractiveAnswer {
  text: string;
  sources: Citation[];
  answered: boolean;
}

function clip(sentence: string): string {
  return sentence.length <= MAX_QUOTE_LENGTH ? sentence : `${sentence.slice(0, MAX_QUOTE_LENGTH - 1).trimEnd()}…`;
}

const substance = (candidate: { terms: ReadonlySet<string> }) => Math.min(candidate.terms.size, 12);

/** Sentences scoring at least this share of the best one are quoted with it. */
const KEEP_RATIO = 0.6;
const SYNONYM_SHARE = 0.7;
const MIN_COVERAGE = 0.3;
const SHORT_QUESTION_TERMS = 2;

/**
 * The offline answerer: scores every sentence of the retrieved passages by the question's terms it
 * contains (by stem, in the question's language), each weighted by how rare it is among those
 * sentences, plus half the weight of terms found only in the sentence's heading; quotes the best
 * two or three, never one without a query term, and refuses when no sentence has one. The reply
 * is in the question's language.
 */
export function extractiveAnswer(
  question: string,
  passages: Passage[],
  bot: { languageCode: string; followUpBehavior: string },
): ExtractiveAnswer {
  const language = questionLanguage(question, bot.languageCode);
  const queryTerms = new Set(stemmedTerms(question, language));
  // Each query term's synonyms, looked up once rather than for every candidate sentence.
  const alternatives = new Map([...queryTerms].map((term) => [term, [...alternativesOf(term, language)]]));
  const candidates = passages.flatMap((passage, passageRank) => {
    const { sentences, headingTerms } = readingOf(passage, language);
    return sentences.map(({ sentence, terms }, position) => ({
      passage,
      sentence,
      terms,
      headingTerms,
      order: passageRank * 1000 + position,
    }));
  });
  const documentFrequency = new Map<string, number>();
  for (const candidate of candidates) {
    for (const term of candidate.terms) if (queryTerms.has(term)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const weight = (term: string) => Math.log(1 + candidates.length / (1 + (documentFrequency.get(term) ?? 0)));
  const scored = candidates
    .map((candidate) => {
      let score = 0;
      let matched = 0;
      for (const term of queryTerms) {
        if (candidate.terms.has(term)) {
          score += weight(term);
          matched += 1;
        } else if (alternatives.get(term)!.some((alternative) => candidate.terms.has(alternative))) {
          // A paraphrase counts, a little less than the word itself.
          score += SYNONYM_SHARE * weight(term);
          matched += 1;
        } else if (candidate.headingTerms.has(term)) {
          score += weight(term) / 2;
        }
      }
      return { ...candidate, score, matched };
    })
    .filter((candidate) => candidate.matched > 0);
  const best = Math.max(0, ...scored.map((candidate) => candidate.score));
  // The best sentence must cover enough of the question: words absent from every passage weigh the
  // most, so a question about something else ("yoga classes" against "baking classes") is refused.
  const asked = [...queryTerms].reduce((total, term) => total + weight(term), 0);
  // A short question with a word the passages never use, even as a paraphrase or in a heading,
  // asks about something they do not cover ("repair bicycles" against "bicycle couriers").
  const unknown = [...queryTerms].filter(
    (term) =>
      !scored.some(
        (candidate) =>
          candidate.terms.has(term) ||
          candidate.headingTerms.has(term) ||
          alternatives.get(term)!.some((alternative) => candidate.terms.has(alternative)),
      ),
  );
  const covered = asked > 0 && best / asked >= MIN_COVERAGE && !(queryTerms.size <= SHORT_QUESTION_TERMS && unknown.length > 0);
  const bestFirst = scored
    .filter((candidate) => candidate.score >= best * KEEP_RATIO)
    // Among equal matches, a sentence that says more beats a heading-like fragment.
    .sort((left, right) => right.score - left.score || substance(right) - substance(left) || left.order - right.order)
    .slice(0, MAX_QUOTES);
  const quotes = [...bestFirst].sort((left, right) => left.order - right.order);
  if (quotes.length === 0 || !covered) {
    return { text: notFoundReply(language, bot.followUpBehavior), sources: [], answered: false };
  }
  const phrases = BOT_PHRASES[language];
  const lines = quotes.map((quote) => `> ${clip(quote.sentence)} [${quote.passage.index}]`);
  // Each source is shown with its best quote, in the order of their best quotes.
  const sources = new Map<number, Citation>();
  for (const quote of bestFirst) {
    if (!sources.has(quote.passage.index)) sources.set(quote.passage.index, citationFor(quote.passage, clip(quote.sentence)));
  }
  return { text: `${phrases.foundIntro}\n\n${lines.join('\n\n')}`, sources: [...sources.values()], answered: true };
}
