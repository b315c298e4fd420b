export type VectorMetadata = Record<string, string | number | boolean>;

/** The text lives in PostgreSQL (retrieval reads it there): Chroma keeps the vector and what deletion filters on. */
export interface VectorItem {
  id: string;
  embedding: number[];
  metadata: VectorMetadata;
}

export interface VectorMatch {
  id: string;
  /** Cosine similarity: 1 for the same direction, 0 for unrelated, -1 for opposite. */
  score: number;
}

export interface VectorQueryOptions {
  topK: number;
  /**
   * Metadata equality filter, all keys must match (e.g. `{ source_type: 'document' }`). A filter
   * makes Chroma check every vector's metadata: scope by collection where you can.
   */
  where?: VectorMetadata;
}

/** Embeddings are always supplied by the caller; collections use cosine distance. */
export interface VectorStore {
  upsert(collection: string, items: VectorItem[]): Promise<void>;
  /** Best matches first. */
  query(collection: string, embedding: number[], options: VectorQueryOptions): Promise<VectorMatch[]>;
  /** `where` as in `query`, required and non-empty so a bug cannot empty a collection. */
  deleteWhere(collection: string, where: VectorMetadata): Promise<void>;
  /** Drops a whole collection; one that does not exist is already gone. */
  deleteCollection(collection: string): Promise<void>;
  /** Rejects when the store cannot be reached (readiness checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
