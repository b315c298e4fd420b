import type { BaseMessageLike } from '@langchain/core/messages';
import { RateLimitError, ServiceUnavailableError } from '../../errors.ts';
import { createChatModel } from '../../platform/llm/index.ts';
import type { RetrievedChunk } from '../knowledge/retrieval.ts';
import { extractiveAnswer } from './extractive.ts';
import { notFoundReply } from './language.ts';
import { citedSources, relevantPassages, type Citation, type Passage } from './passages.ts';
import { buildSystemPrompt, type PromptBot } from './prompt.ts';

/** Who writes the answer: an OpenAI-compatible model, or the offline extractive answerer. */
export type Answerer = { kind: 'model'; apiKey: string; baseUrl?: string; model: string } | { kind: 'extractive' };

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
  chunks: RetrievedChunk[];
  history: Turn[];
  answerer: Answerer;
  /** Caps the answer length for this call (the test chat sends 1000); the bot's own maxTokens otherwise. */
  maxTokens?: number;
  onToken?: (token: string) => void;
  signal?: AbortSignal;
}

export interface AnswerResult {
  text: string;
  sources: Citation[];
  /** True when the knowledge had nothing relevant: the question is worth adding knowledge for. */
  unanswered: boolean;
  topScore: number | null;
  promptTokens: number;
  completionTokens: number;
  model: string;
}

const ANSWER_TIMEOUT_MS = 45_000;
/** A vector match this close counts as relevant even without shared words (synonyms, other languages). */
const SEMANTIC_RELEVANCE = 0.8;
const EXTRACTIVE_MODEL = 'extractive';

function passagesFrom(chunks: RetrievedChunk[]): Passage[] {
  return chunks.map((chunk, position) => ({
    index: position + 1,
    chunkId: chunk.chunkId,
    content: chunk.content,
    score: chunk.vectorScore ?? chunk.score,
    source: chunk.source,
  }));
}

/** Rough token count for providers that report no usage (about four characters a token). */
function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Emits a ready-made text as a stream of word tokens, so every answer streams the same way. */
function emitWords(text: string, onToken?: (token: string) => void) {
  if (!onToken) return;
  for (const token of text.match(/\S+\s*|\s+/g) ?? []) onToken(token);
}

/** Retrieval-augmented answer to one question: relevant passages, then the model or the extractive answerer. */
export async function answerQuestion(request: AnswerRequest): Promise<AnswerResult> {
  const { bot, question, answerer } = request;
  const passages = passagesFrom(request.chunks);
  const lexicallyRelevant = new Set(relevantPassages(question, passages).map((passage) => passage.index));
  const relevant = passages
    .filter(
      (passage) => lexicallyRelevant.has(passage.index) || (request.chunks[passage.index - 1]?.vectorScore ?? 0) >= SEMANTIC_RELEVANCE,
    )
    .map((passage, position) => ({ ...passage, index: position + 1 }));
  const topScore = request.chunks.reduce<number | null>((best, chunk) => {
    const score = chunk.vectorScore ?? null;
    return score !== null && (best === null || score > best) ? score : best;
  }, null);

  if (answerer.kind === 'extractive') {
    const extracted = extractiveAnswer(question, relevant, bot);
    emitWords(extracted.text, request.onToken);
    return {
      text: extracted.text,
      sources: extracted.sources,
      unanswered: !extracted.answered,
      topScore,
      promptTokens: estimateTokens(question),
      completionTokens: estimateTokens(extracted.text),
      model: EXTRACTIVE_MODEL,
    };
  }

  const system = buildSystemPrompt(bot, relevant);
  const messages: BaseMessageLike[] = [
    ['system', system],
    ...request.history.map((turn): BaseMessageLike => [turn.role === 'user' ? 'user' : 'assistant', turn.content]),
    ['user', question],
  ];
  const maxTokens = request.maxTokens ?? bot.maxTokens;
  const model = createChatModel({
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
      const token = typeof chunk.content === 'string' ? chunk.content : '';
      if (token) {
        text += token;
        request.onToken?.(token);
      }
      if (chunk.usage_metadata) {
        promptTokens = chunk.usage_metadata.input_tokens;
        completionTokens = chunk.usage_metadata.output_tokens;
      }
    }
  } catch (error) {
    throw providerError(error);
  }
  if (!text.trim()) {
    text = notFoundReply(bot.languageCode, bot.followUpBehavior);
    emitWords(text, request.onToken);
  }
  return {
    text,
    sources: relevant.length > 0 ? citedSources(text, relevant) : [],
    unanswered: relevant.length === 0,
    topScore,
    promptTokens: promptTokens || estimateTokens(system + question),
    completionTokens: completionTokens || estimateTokens(text),
    model: answerer.model,
  };
}

/** A provider failure as a message a customer can act on; never the provider's raw payload. */
export function providerError(error: unknown): Error {
  const status = typeof error === 'object' && error !== null ? Number((error as { status?: unknown }).status) : NaN;
  const name = error instanceof Error ? error.name : '';
  if (status === 401 || status === 403) {
    return new ServiceUnavailableError('The AI provider rejected the API key. Check the key in Billing.', 'AI_KEY_REJECTED');
  }
  if (status === 429) return new RateLimitError('The AI provider is rate limiting requests. Please try again in a minute.', 60);
  if (name === 'TimeoutError' || name === 'AbortError' || /timed? ?out/i.test(error instanceof Error ? error.message : '')) {
    return new ServiceUnavailableError('The AI provider did not answer in time. Please try again.', 'AI_TIMEOUT');
  }
  return new ServiceUnavailableError('The AI provider could not answer right now. Please try again.', 'AI_UNAVAILABLE');
}
