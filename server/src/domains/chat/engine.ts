import type { BaseMessageLike } from '@langchain/core/messages';
import { createChatModel, type ChatModelEndpoint } from '../../platform/llm/index.ts';
import type { RetrievedChunk } from '../knowledge/public.ts';
import { chatErrors } from './errors.ts';
import { extractiveAnswer } from './extractive.ts';
import { notFoundReply } from './language.ts';
import type { Passage } from './passage.ts';
import { knownAnswerPassage, type KnownAnswer } from './knownAnswers.ts';
import {
  citationFor,
  citedAsOwnNumbers,
  citedSources,
  givenPassages,
  relevantPassages,
  type Citation,
  type GivenPassage,
} from './passages.ts';
import { buildSystemPrompt, type PromptBot } from './prompt.ts';
import { questionLanguage } from './terms.ts';

/** Who writes the answer: a model (Anthropic's or an OpenAI-compatible one), or the offline extractive answerer. */
export type Answerer = ({ kind: 'model' } & ChatModelEndpoint) | { kind: 'extractive' };

export interface AnswerBot extends PromptBot {
  creativity: number;
  maxTokens: number;
}

export interface Turn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AnswerRequest {
  bot: AnswerBot;
  question: string;
  chunks: readonly RetrievedChunk[];
  history: Turn[];
  answerer: Answerer;
  /** The owner's own answer to a question close enough (a Q&A pair): said as written offline, given first to a model. */
  knownAnswer?: KnownAnswer | null;
  /** Caps the answer length for this call (the test chat sends 1000); the bot's own maxTokens otherwise. */
  maxTokens?: number;
  onToken?: (token: string) => void;
  signal?: AbortSignal;
}

export interface AnswerResult {
  text: string;
  sources: Citation[];
  /** The passages the answerer was given (the relevant ones retrieved, the owner's Q&A pair first), for "why this answer". */
  given: GivenPassage[];
  /** True when the knowledge had nothing relevant: the question is worth adding knowledge for. */
  unanswered: boolean;
  topScore: number | null;
  promptTokens: number;
  completionTokens: number;
  model: string;
}

const ANSWER_TIMEOUT_MS = 45_000;
/** A vector match this close counts as relevant even without shared words (paraphrases, other languages). */
const SEMANTIC_RELEVANCE = 0.8;
/** The model name stored with the offline answerer's answers. */
export const EXTRACTIVE_MODEL = 'extractive';

function passagesFrom(chunks: readonly RetrievedChunk[]): Passage[] {
  return chunks.map((chunk, position) => ({
    index: position + 1,
    chunkId: chunk.chunkId,
    content: chunk.content,
    score: chunk.vectorScore ?? chunk.score,
    heading: chunk.heading,
    source: chunk.source,
  }));
}

/** Rough token count for providers that report no usage (about four characters a token). */
function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** A ready-made text as the word tokens it streams as, so every answer streams the same way. */
const wordsOf = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];

function emitWords(text: string, onToken?: (token: string) => void) {
  if (!onToken) return;
  for (const token of wordsOf(text)) onToken(token);
}

/** An extractive answer as streamed: its result and its tokens. */
interface ExtractiveReply {
  result: AnswerResult;
  words: string[];
}

/**
 * Extractive answers by the retrieval result they were read from, then by the question and what of
 * the bot they depend on: the answer is a function of these alone. A result from the retrieval
 * cache is the same array for as long as the cache keeps it, so a question asked again of unchanged
 * knowledge is not read through again; the answers go when their result does.
 */
const extractiveReplies = new WeakMap<readonly RetrievedChunk[], Map<string, ExtractiveReply>>();

/** Retrieval-augmented answer to one question: relevant passages, then the model or the extractive answerer. */
export async function answerQuestion(request: AnswerRequest): Promise<AnswerResult> {
  if (request.knownAnswer && request.answerer.kind === 'extractive') {
    const result = knownAnswerReply(request.question, request.knownAnswer);
    emitWords(result.text, request.onToken);
    return result;
  }
  if (request.answerer.kind === 'extractive') {
    const { result, words } = extractiveReply(request);
    if (request.onToken) for (const word of words) request.onToken(word);
    return result;
  }
  const { bot, question, answerer, knownAnswer } = request;
  const retrieved = relevantOf(request);
  // The owner's answer comes first, marked as theirs; the retrieved passages follow it, renumbered.
  const relevant = knownAnswer
    ? [knownAnswerPassage(knownAnswer, 1), ...retrieved.relevant.map((passage) => ({ ...passage, index: passage.index + 1 }))]
    : retrieved.relevant;
  const topScore = knownAnswer ? 1 : retrieved.topScore;
  const system = buildSystemPrompt(bot, relevant);
  const messages: BaseMessageLike[] = [
    ['system', system],
    ...request.history.map((turn): BaseMessageLike => [turn.role === 'user' ? 'user' : 'assistant', turn.content]),
    ['user', question],
  ];
  const maxTokens = request.maxTokens ?? bot.maxTokens;
  const model = createChatModel({
    provider: answerer.provider,
    apiKey: answerer.apiKey,
    baseUrl: answerer.baseUrl,
    model: answerer.model,
    temperature: bot.creativity,
    maxTokens: maxTokens > 0 ? maxTokens : undefined,
    timeoutMs: ANSWER_TIMEOUT_MS,
  });
  let text = '';
  let promptTokens = 0;
  let completionTokens = 0;
  try {
    const stream = await model.stream(messages, { signal: request.signal ?? AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
    for await (const chunk of stream) {
      // The text of a string or of content blocks (Anthropic's deltas may come as either).
      const token = chunk.text;
      if (token) {
        text += token;
        request.onToken?.(token);
      }
      // OpenAI reports usage once at the end; Anthropic the input at the start and the running
      // output total at the end: the largest count seen is the answer's for both.
      if (chunk.usage_metadata) {
        promptTokens = Math.max(promptTokens, chunk.usage_metadata.input_tokens);
        completionTokens = Math.max(completionTokens, chunk.usage_metadata.output_tokens);
      }
    }
  } catch (error) {
    throw providerError(error);
  }
  if (!text.trim()) {
    text = notFoundReply(bot.languageCode, bot.followUpBehavior);
    emitWords(text, request.onToken);
  }
  const sources = relevant.length > 0 ? citedSources(text, relevant) : [];
  return {
    text,
    sources,
    given: givenPassages(relevant, citedAsOwnNumbers(sources)),
    unanswered: relevant.length === 0,
    topScore,
    promptTokens: promptTokens || estimateTokens(system + question),
    completionTokens: completionTokens || estimateTokens(text),
    model: answerer.model,
  };
}

/** The retrieved passages relevant to the question (by its words, or by a close vector match), and the best vector score. */
function relevantOf({ bot, question, chunks }: Pick<AnswerRequest, 'bot' | 'question' | 'chunks'>) {
  const passages = passagesFrom(chunks);
  const language = questionLanguage(question, bot.languageCode);
  const lexicallyRelevant = new Set(relevantPassages(question, passages, language).map((passage) => passage.index));
  const relevant = passages
    .filter((passage) => lexicallyRelevant.has(passage.index) || (chunks[passage.index - 1]?.vectorScore ?? 0) >= SEMANTIC_RELEVANCE)
    .map((passage, position) => ({ ...passage, index: position + 1 }));
  const topScore = chunks.reduce<number | null>((best, chunk) => {
    const score = chunk.vectorScore ?? null;
    return score !== null && (best === null || score > best) ? score : best;
  }, null);
  return { relevant, topScore };
}

/** The offline answerer's reply, written once per retrieval result, question and bot language (see extractiveReplies). */
function extractiveReply(request: AnswerRequest): ExtractiveReply {
  const { bot, question, chunks } = request;
  let replies = extractiveReplies.get(chunks);
  if (!replies) {
    replies = new Map();
    extractiveReplies.set(chunks, replies);
  }
  const key = `${bot.languageCode}\u0000${bot.followUpBehavior}\u0000${question}`;
  const kept = replies.get(key);
  if (kept) return kept;
  const { relevant, topScore } = relevantOf(request);
  const extracted = extractiveAnswer(question, relevant, bot);
  const reply = {
    result: {
      text: extracted.text,
      sources: extracted.sources,
      given: givenPassages(relevant, extracted.citedAs),
      unanswered: !extracted.answered,
      topScore,
      promptTokens: estimateTokens(question),
      completionTokens: estimateTokens(extracted.text),
      model: EXTRACTIVE_MODEL,
    },
    words: wordsOf(extracted.text),
  };
  replies.set(key, reply);
  return reply;
}

/** The offline answer to a question the owner answered: their words, cited as their Q&A pair. */
function knownAnswerReply(question: string, pair: KnownAnswer): AnswerResult {
  const passage = knownAnswerPassage(pair, 1);
  const sources = [citationFor(passage)];
  return {
    text: pair.answer,
    sources,
    given: givenPassages([passage], citedAsOwnNumbers(sources)),
    unanswered: false,
    topScore: 1,
    promptTokens: estimateTokens(question),
    completionTokens: estimateTokens(pair.answer),
    model: EXTRACTIVE_MODEL,
  };
}

/** A provider failure as a message a customer can act on; never the provider's raw payload. */
export function providerError(error: unknown): Error {
  const status = typeof error === 'object' && error !== null ? Number((error as { status?: unknown }).status) : NaN;
  const name = error instanceof Error ? error.name : '';
  if (status === 401 || status === 403) return chatErrors.aiKeyRejected();
  if (status === 429) return chatErrors.aiRateLimited();
  if (name === 'TimeoutError' || name === 'AbortError' || /timed? ?out/i.test(error instanceof Error ? error.message : '')) {
    return chatErrors.aiTimeout();
  }
  return chatErrors.aiUnavailable();
}
