/**
 * Text to vectors. Vectors from different `modelId`s live in different vector collections and are
 * never compared with each other.
 */
export interface Embeddings {
  /** Stable name of the model and its settings, e.g. `local-lexical-v1-512` or `openai:text-embedding-3-small`. */
  readonly modelId: string;
  /** Length of every vector (0 until known for an OpenAI-compatible model the adapter has no table entry for). */
  readonly dimensions: number;
  /** One vector per text, in order. */
  embedDocuments(texts: string[]): Promise<number[][]>;
  embedQuery(text: string): Promise<number[]>;
}
