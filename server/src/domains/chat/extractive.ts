import { BOT_PHRASES, notFoundReply } from './language.ts';
import { readingOf } from './passageReading.ts';
import type { Passage } from './passage.ts';
import { citationFor, type Citation } from './passages.ts';
import { questionLanguage, stemmedTerms } from './terms.ts';

const MAX_QUOTES = 3;
const MAX_QUOTE_LENGTH = 400;

export interface ExtractiveAnswer {
  text: string;
  sources: Citation[];
  /** The number each quoted passage is cited by, by the passage's index. */
  citedAs: ReadonlyMap<number, number>;
  answered: boolean;
}

function clip(sentence: string): string {
  return sentence.length <= MAX_QUOTE_LENGTH ? sentence : `${sentence.slice(0, MAX_QUOTE_LENGTH - 1).trimEnd()}…`;
}

/** Questions asking how to do something, the ones a code block answers ("How do I…", "Comment…"). */
export function asksHow(question: string): boolean {
  return /^\s*(how (do|can|should|would|could) (i|we|you|one)\b|how to\b|comment\b)|\b(command|commande)s?\b/i.test(question);
}

/** A quoted sentence without Markdown emphasis, link syntax, anchors, list bullets or stray quote marks. */
export function cleanQuote(text: string): string {
  const cleaned = text
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/(\*\*|__)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/(^|[\s(])[*_](\S(?:[^*_]*?\S)?)[*_](?=[\s).,;:!?]|$)/gm, '$1$2')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return withoutStrayQuoteMarks(cleaned);
}

const QUOTE_MARKS = /["“”«»]/g;

/** A sentence cut out of a quotation keeps a quote mark it does not close: drop the one at either end. */
function withoutStrayQuoteMarks(text: string): string {
  if ((text.match(QUOTE_MARKS) ?? []).length % 2 === 0) return text;
  if (/^["“«]/.test(text)) return text.slice(1).trimStart();
  if (/["”»]$/.test(text)) return text.slice(0, -1).trimEnd();
  return text;
}

const substance = (candidate: { terms: ReadonlySet<string> }) => Math.min(candidate.terms.size, 12);

/** Sentences scoring at least this share of the best one are quoted with it. */
const KEEP_RATIO = 0.6;
/** A sentence of another passage than the best sentence's is quoted only when it ranks this close to it. */
const OTHER_PASSAGE_RATIO = 0.9;
/**
 * In choosing what to quote (not whether to answer), a sentence also counts this share of the
 * question's words its heading holds, and its passage's: on dev 46/82 right either way, and the
 * quotes keep to the section the question is about.
 */
const HEADING_SHARE = 0.5;
const PASSAGE_SHARE = 1;
/** Code announced by a sentence ending with ":" up to this length is quoted with it for any question. */
const SHORT_CODE = 200;
/**
 * The least share of the question's weight the best sentence, and the best passage, must hold for
 * an answer, calibrated on the dev split: 0.24 and 0.35 refused as many unanswerable questions as
 * 0.3 for the sentence alone, with a quarter fewer answerable ones refused.
 */
const MIN_SENTENCE_COVERAGE = 0.24;
const MIN_PASSAGE_COVERAGE = 0.35;
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
  const how = asksHow(question);
  const candidates = passages.flatMap((passage, passageRank) => {
    const { sentences, headingTerms } = readingOf(passage, language);
    return sentences
      .filter((sentence) => how || !sentence.code)
      .map(({ sentence, terms, introduces, context }, position) => {
        // A short snippet a sentence announces with ":" is part of what it says.
        const brought = introduces && (how || (sentence.endsWith(':') && introduces.text.length <= SHORT_CODE)) ? introduces : undefined;
        const said = context ? `${context} ${sentence}` : sentence;
        return {
          passage,
          sentence: brought ? `${said}\n${brought.text}` : said,
          terms: brought ? new Set([...terms, ...brought.terms]) : terms,
          headingTerms,
          order: passageRank * 1000 + position,
        };
      });
  });
  const documentFrequency = new Map<string, number>();
  for (const candidate of candidates) {
    for (const term of candidate.terms) if (queryTerms.has(term)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const weight = (term: string) => Math.log(1 + candidates.length / (1 + (documentFrequency.get(term) ?? 0)));
  // How much of the question each passage holds, its title and heading included.
  const passageScores = new Map(
    passages.map((passage) => {
      const { terms } = readingOf(passage, language);
      return [passage, [...queryTerms].filter((term) => terms.has(term)).reduce((total, term) => total + weight(term), 0)];
    }),
  );
  const scored = candidates
    .map((candidate) => {
      let score = 0;
      let matched = 0;
      // What the section's heading says of the question, for choosing among sentences that match alike.
      let sectionScore = 0;
      for (const term of queryTerms) {
        if (candidate.terms.has(term)) {
          score += weight(term);
          matched += 1;
        } else if (candidate.headingTerms.has(term)) {
          score += weight(term) / 2;
        }
        if (candidate.headingTerms.has(term)) sectionScore += weight(term);
      }
      return {
        ...candidate,
        score,
        matched,
        rank: score + HEADING_SHARE * sectionScore + PASSAGE_SHARE * passageScores.get(candidate.passage)!,
      };
    })
    .filter((candidate) => candidate.matched > 0);
  const best = Math.max(0, ...scored.map((candidate) => candidate.score));
  // The best sentence must cover enough of the question: words absent from every passage weigh the
  // most, so a question about something else ("yoga classes" against "baking classes") is refused.
  const asked = [...queryTerms].reduce((total, term) => total + weight(term), 0);
  // A short question with a word the passages never use, even in a heading,
  // asks about something they do not cover ("repair bicycles" against "bicycle couriers").
  const unknown = [...queryTerms].filter(
    (term) => !scored.some((candidate) => candidate.terms.has(term) || candidate.headingTerms.has(term)),
  );
  // The passage that holds most of the question: a question whose words the passages share only here and there is about something else.
  const passageCoverage = Math.max(0, ...passageScores.values());
  const covered = answers({
    sentenceCoverage: asked > 0 ? best / asked : 0,
    passageCoverage: asked > 0 ? passageCoverage / asked : 0,
    shortWithUnknownWord: queryTerms.size <= SHORT_QUESTION_TERMS && unknown.length > 0,
  });
  const ranked = [...scored].sort(
    (left, right) => right.rank - left.rank || substance(right) - substance(left) || left.order - right.order,
  );
  const top = ranked[0];
  // The passage of the best sentence is what the answer is about; another passage's sentence is
  // quoted only when it matches the question nearly as well (not "group bookings" next to "cancellations").
  const bestFirst = ranked
    .filter((candidate) => candidate.rank >= top!.rank * (candidate.passage === top!.passage ? KEEP_RATIO : OTHER_PASSAGE_RATIO))
    // A sentence already quoted with the one after it (which refers back to it) is not quoted again.
    .filter(
      (candidate, _, kept) =>
        !kept.some((other) => other !== candidate && other.passage === candidate.passage && other.sentence.includes(candidate.sentence)),
    )
    .slice(0, MAX_QUOTES);
  const quotes = [...bestFirst].sort((left, right) => left.order - right.order);
  if (quotes.length === 0 || !covered) {
    return { text: notFoundReply(language, bot.followUpBehavior), sources: [], citedAs: new Map(), answered: false };
  }
  const numbers = citationNumbers(quotes.map((quote) => quote.passage.index));
  const blocks: string[] = [];
  let labelled: Passage | undefined;
  for (const quote of quotes) {
    const label = quote.passage !== labelled ? headingLabel(quote.passage) : null;
    labelled = quote.passage;
    blocks.push(`${label ? `${label}\n\n` : ''}${quoteLines(clip(cleanQuote(quote.sentence)), numbers.get(quote.passage.index)!)}`);
  }
  // Each source is shown with its best quote, numbered as the answer cites it.
  const sources = [...numbers].map(([index, number]) => {
    const quote = bestFirst.find((candidate) => candidate.passage.index === index)!;
    return { ...citationFor(quote.passage, clip(cleanQuote(quote.sentence))), index: number };
  });
  return { text: `${BOT_PHRASES[language].foundIntro}\n\n${blocks.join('\n\n')}`, sources, citedAs: numbers, answered: true };
}

/** Whether the retrieved passages answer the question, or it is about something they do not cover. */
export function answers(evidence: { sentenceCoverage: number; passageCoverage: number; shortWithUnknownWord: boolean }): boolean {
  return (
    evidence.sentenceCoverage >= MIN_SENTENCE_COVERAGE && evidence.passageCoverage >= MIN_PASSAGE_COVERAGE && !evidence.shortWithUnknownWord
  );
}

/** Citation numbers by passage index, 1, 2, 3… in the order the passages are first cited. */
export function citationNumbers(citedIndexes: readonly number[]): Map<number, number> {
  const numbers = new Map<number, number>();
  for (const index of citedIndexes) if (!numbers.has(index)) numbers.set(index, numbers.size + 1);
  return numbers;
}

/** The passage's heading as a label above its quotes: the last step of its heading path. */
function headingLabel(passage: Passage): string | null {
  const heading = passage.heading?.split(' > ').at(-1)?.trim();
  return heading ? `**${cleanQuote(heading)}**` : null;
}

/**
 * A quote as Markdown quote lines, its citation at the end. A code block's lines become inline code:
 * the dashboard's renderer of answers reads a quote's lines as one paragraph, with no code blocks.
 */
export function quoteLines(quote: string, number: number): string {
  const lines: string[] = [];
  let inCode = false;
  for (const line of quote.split('\n')) {
    const text = line.trim();
    if (text.startsWith('```')) inCode = !inCode;
    else if (text !== '') lines.push(inCode && !text.includes('`') ? `> \`${text}\`` : `> ${text}`);
  }
  return `${lines.join('\n')} [${number}]`;
}
