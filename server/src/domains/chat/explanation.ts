import type { ChatMessage } from '../../generated/prisma/client.ts';
import { EXTRACTIVE_MODEL } from './engine.ts';
import type { Citation, GivenPassage } from './passages.ts';

/** Who wrote an answer: a model, or the offline answerer (which also says the owner's Q&A answers as written). */
export type AnswerAuthor = 'model' | 'offline';

/** A passage as the explanation lists it: an older answer's cited sources have no score. */
export type ExplainedPassage = Omit<GivenPassage, 'score'> & { score: number | null };

/** Why an answer came out as it did: what it was given and cited, who wrote it, how long it took and what it cost. */
export interface AnswerExplanation {
  passages: ExplainedPassage[];
  /** False for answers stored before the given passages were kept: `passages` then lists the cited ones only, without scores. */
  passagesKept: boolean;
  author: AnswerAuthor;
  /** The model's name; null for the offline answerer. */
  model: string | null;
  latencyMs: number | null;
  costCredits: number;
  promptTokens: number;
  completionTokens: number;
}

export type ExplainedAnswer = Pick<
  ChatMessage,
  'givenPassages' | 'sources' | 'model' | 'latencyMs' | 'costCredits' | 'promptTokens' | 'completionTokens'
>;

/** A stored answer's explanation; an older answer without given passages shows the sources it cited. */
export function explainAnswer(answer: ExplainedAnswer): AnswerExplanation {
  const kept = answer.givenPassages as GivenPassage[] | null;
  const cited = ((answer.sources as Citation[] | null) ?? []).map((source): ExplainedPassage => ({
    ...source,
    heading: null,
    score: null,
    citedAs: source.index,
  }));
  const offline = answer.model === null || answer.model === EXTRACTIVE_MODEL;
  return {
    passages: kept ?? cited,
    passagesKept: kept !== null,
    author: offline ? 'offline' : 'model',
    model: offline ? null : answer.model,
    latencyMs: answer.latencyMs,
    costCredits: answer.costCredits.toNumber(),
    promptTokens: answer.promptTokens,
    completionTokens: answer.completionTokens,
  };
}
