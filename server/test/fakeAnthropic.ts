import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface MessagesRequest {
  model: string;
  system?: string | { type: string; text: string }[];
  messages: { role: string; content: string | { type: string; text: string }[] }[];
  max_tokens: number;
  stream?: boolean;
  temperature?: number;
}

export interface FakeAnthropic {
  /** What ANTHROPIC_BASE_URL is set to: the SDK adds `/v1/messages` itself. */
  baseUrl: string;
  requests: MessagesRequest[];
  /** The x-api-key header of each request, in order. */
  apiKeys: string[];
  /** What the next messages answer (a function sees the request). */
  answerWith(answer: string | ((request: MessagesRequest) => string)): void;
  failWith(status: number, type: string, message: string): void;
  close(): Promise<void>;
}

/** Every answer reports this many input tokens, and one output token a word. */
export const FAKE_ANTHROPIC_INPUT_TOKENS = 25;

async function readJson(request: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function sendEvent(response: ServerResponse, event: { type: string } & Record<string, unknown>) {
  response.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
}

/** The answer as Anthropic streams it: the message, one text block in word deltas, then the usage. */
function streamMessage(response: ServerResponse, message: Record<string, unknown>, words: string[]) {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  sendEvent(response, {
    type: 'message_start',
    message: { ...message, content: [], stop_reason: null, usage: { input_tokens: FAKE_ANTHROPIC_INPUT_TOKENS, output_tokens: 1 } },
  });
  sendEvent(response, { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
  sendEvent(response, { type: 'ping' });
  for (const word of words) sendEvent(response, { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: word } });
  sendEvent(response, { type: 'content_block_stop', index: 0 });
  // Anthropic's message_delta carries the running output total, not an increment.
  sendEvent(response, {
    type: 'message_delta',
    delta: { stop_reason: 'end_turn', stop_sequence: null },
    usage: { output_tokens: words.length },
  });
  sendEvent(response, { type: 'message_stop' });
  response.end();
}

/**
 * A local stand-in for Anthropic's Messages API (`POST /v1/messages`) so the real ChatAnthropic and
 * Anthropic SDK run against it: JSON answers, and with `stream: true` the SSE events Anthropic sends.
 */
export async function startFakeAnthropic(): Promise<FakeAnthropic> {
  let answer: string | ((request: MessagesRequest) => string) = 'OK';
  let failure: { status: number; type: string; message: string } | null = null;
  const requests: MessagesRequest[] = [];
  const apiKeys: string[] = [];
  const server: Server = createServer(async (request, response) => {
    if (request.method !== 'POST' || request.url?.split('?')[0] !== '/v1/messages') {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'not found' } }));
      return;
    }
    const body = (await readJson(request)) as MessagesRequest;
    requests.push(body);
    apiKeys.push(String(request.headers['x-api-key'] ?? ''));
    if (failure) {
      response
        .writeHead(failure.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ type: 'error', error: { type: failure.type, message: failure.message } }));
      return;
    }
    const text = typeof answer === 'function' ? answer(body) : answer;
    const words = text.match(/\S+\s*/g) ?? [];
    const message = { id: `msg_fake_${requests.length}`, type: 'message', role: 'assistant', model: body.model, stop_sequence: null };
    if (body.stream) {
      streamMessage(response, message, words);
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        ...message,
        content: [{ type: 'text', text }],
        stop_reason: 'end_turn',
        usage: { input_tokens: FAKE_ANTHROPIC_INPUT_TOKENS, output_tokens: words.length },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    requests,
    apiKeys,
    answerWith(next) {
      answer = next;
      failure = null;
    },
    failWith(status, type, message) {
      failure = { status, type, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
