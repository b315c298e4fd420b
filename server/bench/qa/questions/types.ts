/** What a question tests. */
export type QaCategory =
  /** A reworded question about what a section's own heading covers. */
  | 'paraphrase'
  /** The answer sits under a heading that shares no words with the question. */
  | 'other-heading'
  /** Asked in another language than the page that answers it. */
  | 'cross-language'
  /** Nothing in the corpus answers it: the bot must say so. */
  | 'unanswerable';

export const QA_CATEGORIES: readonly QaCategory[] = ['paraphrase', 'other-heading', 'cross-language', 'unanswerable'];

/**
 * `dev` questions may be read, run and studied while tuning retrieval or the answerer; `test`
 * questions are only scored, never read while tuning, so their figures stay honest.
 */
export type QaSplit = 'dev' | 'test';

/** A question as written in a corpus's file (./<corpus>.ts). */
export interface CorpusQuestion {
  /** Fixed when the question is written, never moved afterwards (see QaSplit). */
  split: QaSplit;
  category: QaCategory;
  question: string;
  language: 'en' | 'fr';
  /** A right answer contains one of these (case and accents ignored); none for unanswerable ones. */
  expect?: string[];
  /** A right answer contains every one of these as well (case and accents ignored). */
  expectAll?: string[];
  /** The file of the corpus that holds the answer: the passage retrieval must find, the document to cite. */
  source?: string;
}
