import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddings } from './index.ts';
import { LexicalEmbeddings } from './lexical.ts';
import { OpenAiCompatibleEmbeddings } from './openai.ts';

interface EmbeddingsRequest {
  model: string;
  input: string | string[];
  encoding_format?: 'float' | 'base64';
}

const DIMENSIONS = 8;
const requests: { body: EmbeddingsRequest; authorization: string | undefined }[] = [];

/** A stand-in model: a fixed 8-dimensional vector per text, derived from its characters. */
function fakeVector(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (let index = 0; index < text.length; index++) vector[index % DIMENSIONS]! += text.charCodeAt(index) / 1000;
  return vector;
}

function encode(vector: number[], format: 'float' | 'base64' | undefined): number[] | string {
  if (format !== 'base64') return vector;
  return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/embeddings') {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const body = JSON.parse(raw) as EmbeddingsRequest;
      requests.push({ body, authorization: request.headers.authorization });
      const inputs = Array.isArray(body.input) ? body.input : [body.input];
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          object: 'list',
          model: body.model,
          data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: encode(fakeVector(text), body.encoding_format) })),
          usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('OpenAiCompatibleEmbeddings (the real LangChain client against a local OpenAI-compatible server)', () => {
  it('embeds documents and queries, decoding base64 answers', async () => {
    const embeddings = new OpenAiCompatibleEmbeddings({ apiKey: 'sk-test', baseUrl, model: 'tiny-embedder', maxRetries: 0 });
    expect(embeddings.modelId).toBe('openai:tiny-embedder');
    expect(embeddings.dimensions).toBe(0);
    requests.length = 0;

    const documents = await embeddings.embedDocuments(['first text', 'second text']);
    const query = await embeddings.embedQuery('a question');

    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(requests[0]!.authorization).toBe('Bearer sk-test');
    expect(requests[0]!.body.model).toBe('tiny-embedder');
    expect(requests.map((request) => request.body.encoding_format)).toContain('base64');
    expect(documents).toHaveLength(2);
    for (const [index, text] of ['first text', 'second text'].entries()) {
      documents[index]!.forEach((value, position) => expect(value).toBeCloseTo(fakeVector(text)[position]!, 5));
    }
    query.forEach((value, position) => expect(value).toBeCloseTo(fakeVector('a question')[position]!, 5));
    expect(embeddings.dimensions).toBe(DIMENSIONS);
  });

  it('knows the length of well-known models before the first call', () => {
    expect(new OpenAiCompatibleEmbeddings({ apiKey: 'k', model: 'text-embedding-3-small' }).dimensions).toBe(1536);
  });

  it('fails clearly when the server is unreachable', async () => {
    const embeddings = new OpenAiCompatibleEmbeddings({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1', model: 'm', maxRetries: 0 });
    await expect(embeddings.embedQuery('hello')).rejects.toThrow();
  });
});

describe('createEmbeddings', () => {
  it.each([
    {
      name: 'no key: the local lexical embedding',
      options: { embeddingsModel: 'text-embedding-3-small' },
      type: LexicalEmbeddings,
      modelId: 'local-lexical-v2-512',
    },
    {
      name: 'a key: the configured OpenAI-compatible model',
      options: { openAiApiKey: 'sk', openAiBaseUrl: 'http://127.0.0.1:1/v1', embeddingsModel: 'nomic-embed-text' },
      type: OpenAiCompatibleEmbeddings,
      modelId: 'openai:nomic-embed-text',
    },
  ])('$name', ({ options, type, modelId }) => {
    const embeddings = createEmbeddings(options);
    expect(embeddings).toBeInstanceOf(type);
    expect(embeddings.modelId).toBe(modelId);
  });
});
