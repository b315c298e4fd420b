// A Q&A pair's bounds: what the owner writes as the right answer to a question.
import { QA_PAIR_LIMITS } from '@chatbot/common/qaPairs';
import { z } from 'zod';

export { QA_PAIR_LIMITS };

export const QA_PAIR_MESSAGES = {
  notFound: 'Q&A pair not found',
  tooMany: `A bot holds at most ${QA_PAIR_LIMITS.perBot} Q&A pairs: delete some, or upload them as a document.`,
  sameQuestion: "This bot already has a Q&A pair for this question: change that pair's answer in the Q&A tab.",
} as const;

/** Questions count as the same when their words are, whatever the case and spacing. */
export const sameQuestion = (question: string) => question.trim().replace(/\s+/g, ' ').toLowerCase();

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

export const qaPairInput = z.object({
  question: requiredText('Question', QA_PAIR_LIMITS.question),
  answer: requiredText('Answer', QA_PAIR_LIMITS.answer),
});

export type QaPairInput = z.output<typeof qaPairInput>;
