import { OpenAIEmbeddings } from '@langchain/openai';
import type { Embeddings } from './types.ts';

/** Vector lengths of well-known models; any other model's length is learned from its first answer. */
const KNOWN_DIMENSIONS: Record<string, number> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
};

export interface OpenAiEmbeddingsOptions {
  apiKey: string;
  /** Any OpenAI-compatible server (Ollama, vLLM, Mistral...); OpenAI's own when absent. */
  baseUrl?: string | undefined;
  model: string;
  /** Texts per request (OpenAI allows up to 2048). */
  batchSize?: number;
  timeoutMs?: number;
  maxRetries?: number;
}

/** Embeddings from an OpenAI-compatible `/v1/embeddings` endpoint, through LangChain's client. */
export class OpenAiCompatibleEmbeddings implements Embeddings {
  readonly modelId: string;
  private readonly client: OpenAIEmbeddings;
  private learnedDimensions: number;

  constructor(options: OpenAiEmbeddingsOptions) {
    this.modelId = `openai:${options.model}`;
    this.learnedDimensions = KNOWN_DIMENSIONS[options.model] ?? 0;
    this.client = new OpenAIEmbeddings({
      apiKey: options.apiKey,
      model: options.model,
      batchSize: options.batchSize ?? 256,
      timeout: options.timeoutMs ?? 60_000,
      maxRetries: options.maxRetries ?? 3,
      // Newlines carry structure (lists, headings) for current models.
      stripNewLines: false,
      configuration: options.baseUrl ? { baseURL: options.baseUrl } : undefined,
    });
  }

  get dimensions(): number {
    return this.learnedDimensions;
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    if (texts.length === 0) return [];
    const vectors = await this.client.embedDocuments(texts);
    if (vectors.length !== texts.length) {
      throw new Error(`The embeddings server answered ${vectors.length} vectors for ${texts.length} texts`);
    }
    for (const vector of vectors) this.check(vector);
    return vectors;
  }

  async embedQuery(text: string): Promise<number[]> {
    return this.check(await this.client.embedQuery(text));
  }

  private check(vector: number[]): number[] {
    if (!Array.isArray(vector) || vector.length === 0) throw new Error('The embeddings server answered an empty vector');
    if (this.learnedDimensions === 0) this.learnedDimensions = vector.length;
    else if (vector.length !== this.learnedDimensions) {
      throw new Error(`The embeddings server answered ${vector.length} dimensions where ${this.learnedDimensions} were expected`);
    }
    return vector;
  }
}
