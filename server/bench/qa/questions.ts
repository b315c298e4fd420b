// The offline answerer's evaluation: three corpora, each taught to its own bot, and the questions
// about each (./questions/<corpus>.ts): what a right answer must contain and the file it comes
// from, or nothing for questions the corpus cannot answer, which must be refused.
//
// Two corpora are real documentation nobody on this project wrote, taken as shipped in packages,
// each with its licence beside it; the third, the bakery's pages, was written along with the
// answerer's tuning and is kept as a small, flattering reference. Every question carries a fixed
// split: `dev` for whoever tunes retrieval or the answerer, `test` for the figures `npm run bench`
// reports, never read while tuning (see the repository README).
import { BAKERY } from './questions/bakery.ts';
import { DEBIAN_FAQ_FR } from './questions/debian-faq-fr.ts';
import { FASTIFY_REFERENCE } from './questions/fastify-reference.ts';
import type { CorpusQuestion, QaSplit } from './questions/types.ts';

export { QA_CATEGORIES, type QaCategory, type QaSplit } from './questions/types.ts';

export interface QaCorpus {
  /** Its folder under ./corpora. */
  name: string;
  /** Where its documents come from, and under which licence (the folder's LICENSE). */
  origin: string;
  /** Written on this project along with the answerer's tuning (so without an outside licence), rather than taken from elsewhere. */
  writtenForTuning: boolean;
  /** The language its owner would set on the bot. */
  botLanguage: 'en' | 'fr';
  questions: CorpusQuestion[];
}

export const QA_CORPORA: QaCorpus[] = [
  {
    name: 'fastify-reference',
    origin: 'docs/Reference of the npm package fastify 5.12.8, MIT licence',
    writtenForTuning: false,
    botLanguage: 'en',
    questions: FASTIFY_REFERENCE,
  },
  {
    name: 'debian-faq-fr',
    origin: 'HTML chapters of the Debian package debian-faq-fr 11.1 (the French Debian FAQ), verbatim-copying licence of SPI',
    writtenForTuning: false,
    botLanguage: 'fr',
    questions: DEBIAN_FAQ_FR,
  },
  {
    name: 'bakery',
    origin: "the bakery's pages written for this project along with the answerer's tuning",
    writtenForTuning: true,
    botLanguage: 'en',
    questions: BAKERY,
  },
];

export interface QaQuestion extends CorpusQuestion {
  corpus: string;
}

/** Every question of every corpus, or only those of one split. */
export function qaQuestions(split?: QaSplit): QaQuestion[] {
  return QA_CORPORA.flatMap((corpus) =>
    corpus.questions.filter((question) => !split || question.split === split).map((question) => ({ ...question, corpus: corpus.name })),
  );
}
