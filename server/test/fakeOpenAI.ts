import { createServer, type IncomingMessage, type Server } from 'node:http';
import { LexicalEmbeddings } from '../src/platform/embeddings/index.ts';

export interface ChatCompletionRequest {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  temperature?: number;
  max_tokens?: number;
  tools?: { type: string; function: { name: string } }[];
}

/** A tool call the fake answers with, when the request offers tools. */
export interface FakeToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface FakeOpenAI {
  baseUrl: string;
  requests: ChatCompletionRequest[];
  /** The Authorization header of each request, in order. */
  authorizations: string[];
  /** What the next chat completions answer (a function sees the request). */
  answerWith(answer: string | ((request: ChatCompletionRequest) => string)): void;
  failWith(status: number, message: string): void;
  /** How requests that offer tools are answered: a tool call, or null for a plain (empty) answer. */
  callToolsWith(decide: (request: ChatCompletionRequest) => FakeToolCall | null): void;
  /** Streamed answers wait this long before each token after the first (0, the default: no wait). */
  delayTokensBy(milliseconds: number): void;
  /**
   * Holds every embeddings request from now on until `release()`: `arrived` settles when the first
   * one is waiting. For tests that need a process stopped in the middle of indexing.
   */
  holdEmbeddings(): EmbeddingsHold;
  close(): Promise<void>;
}

export interface EmbeddingsHold {
  arrived: Promise<void>;
  /** Answers the held requests and every later one at once. */
  release(): void;
}

async function readJson(request: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A local OpenAI-compatible server so the real LangChain clients run against it: /v1/chat/completions
 * with and without SSE streaming, and /v1/embeddings (vectors from the lexical embedding, base64 when
 * asked, as the openai SDK does by default).
 */
export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  let answer: string | ((request: ChatCompletionRequest) => string) = 'OK';
  let failure: { status: number; message: string } | null = null;
  let toolDecision: (request: ChatCompletionRequest) => FakeToolCall | null = () => null;
  let tokenDelayMs = 0;
  let embeddingsGate: Promise<void> = Promise.resolve();
  let embeddingArrived = () => {};
  const requests: ChatCompletionRequest[] = [];
  const authorizations: string[] = [];
  // OpenAI's small embedding model answers 1536 dimensions unless asked for fewer.
  const embeddingsBySize = new Map<number, LexicalEmbeddings>();
  const server: Server = createServer(async (request, response) => {
    if (request.method === 'POST' && request.url?.endsWith('/embeddings')) {
      const body = (await readJson(request)) as { input: string | string[]; model: string; encoding_format?: string; dimensions?: number };
      embeddingArrived();
      await embeddingsGate;
      // The caller may have gone (a process killed while its request was held).
      if (request.socket.destroyed) return;
      const inputs = Array.isArray(body.input) ? body.input : [body.input];
      const size = body.dimensions ?? 1536;
      if (!embeddingsBySize.has(size)) embeddingsBySize.set(size, new LexicalEmbeddings(size));
      const vectors = await embeddingsBySize.get(size)!.embedDocuments(inputs);
      const data = vectors.map((vector, index) => ({
        object: 'embedding',
        index,
        embedding: body.encoding_format === 'base64' ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector,
      }));
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ object: 'list', data, model: body.model, usage: { prompt_tokens: inputs.length, total_tokens: inputs.length } }),
        );
      return;
    }
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const body = (await readJson(request)) as ChatCompletionRequest;
    requests.push(body);
    authorizations.push(request.headers.authorization ?? '');
    if (failure) {
      response
        .writeHead(failure.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: failure.message, type: 'invalid_request_error' } }));
      return;
    }
    const base = { id: 'chatcmpl-test', created: Math.floor(Date.now() / 1000), model: body.model };
    if (body.tools?.length && !body.stream) {
      const call = toolDecision(body);
      const message = call
        ? {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'call_test', type: 'function', function: { name: call.name, arguments: JSON.stringify(call.arguments) } }],
          }
        : { role: 'assistant', content: '' };
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [{ index: 0, message, finish_reason: call ? 'tool_calls' : 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
      return;
    }
    const text = typeof answer === 'function' ? answer(body) : answer;
    if (body.stream) {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const pieces = text.match(/\S+\s*/g) ?? [''];
      for (const [index, piece] of pieces.entries()) {
        if (index > 0 && tokenDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, tokenDelayMs));
        // The caller may have gone mid-answer (a process stopped while it streamed).
        if (request.socket.destroyed) return;
        response.write(
          `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`,
        );
      }
      response.write(
        `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: pieces.length, total_tokens: 10 + pieces.length } })}\n\n`,
      );
      response.end('data: [DONE]\n\n');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        ...base,
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    baseUrl: `http://127.0.0.1:${address.port}/v1`,
    requests,
    authorizations,
    answerWith(next) {
      answer = next;
      failure = null;
    },
    failWith(status, message) {
      failure = { status, message };
    },
    callToolsWith(decide) {
      toolDecision = decide;
    },
    delayTokensBy(milliseconds) {
      tokenDelayMs = milliseconds;
    },
    holdEmbeddings() {
      let release = () => {};
      embeddingsGate = new Promise<void>((resolve) => (release = resolve));
      const arrived = new Promise<void>((resolve) => (embeddingArrived = resolve));
      return {
        arrived,
        release: () => {
          embeddingArrived = () => {};
          embeddingsGate = Promise.resolve();
          release();
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
