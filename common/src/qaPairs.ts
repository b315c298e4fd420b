// A Q&A pair's bounds, as the server checks them (server/src/domains/knowledge/qa/rules.ts) and the
// dashboard's forms offer them, so a field stops where the server would refuse.

export const QA_PAIR_LIMITS = {
  /** Characters of a question, as a visitor would ask it. */
  question: 1000,
  /** Characters of an answer: a long answer belongs in a document. */
  answer: 5000,
  /** Pairs per bot: past this, a document of questions and answers serves better. */
  perBot: 1000,
} as const;
