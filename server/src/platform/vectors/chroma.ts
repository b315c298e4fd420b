import { ChromaClient, type Collection, type Where } from 'chromadb';
import type { VectorItem, VectorMatch, VectorMetadata, VectorQueryOptions, VectorStore } from './types.ts';

const UPSERT_BATCH = 250;

export interface ChromaVectorStoreOptions {
  /** e.g. `http://127.0.0.1:8000`. */
  url: string;
  /** Runs on close, after the client is done (stops an embedded server). */
  onClose?: () => Promise<void>;
}

export class ChromaVectorStore implements VectorStore {
  private readonly client: ChromaClient;
  private readonly collections = new Map<string, Promise<Collection>>();
  private readonly onClose: (() => Promise<void>) | undefined;

  constructor(options: ChromaVectorStoreOptions) {
    const url = new URL(options.url);
    const ssl = url.protocol === 'https:';
    this.client = new ChromaClient({ host: url.hostname, port: Number(url.port || (ssl ? 443 : 80)), ssl });
    this.onClose = options.onClose;
  }

  async upsert(collection: string, items: VectorItem[]): Promise<void> {
    if (items.length === 0) return;
    const target = await this.collection(collection);
    for (let start = 0; start < items.length; start += UPSERT_BATCH) {
      const batch = items.slice(start, start + UPSERT_BATCH);
      await target.upsert({
        ids: batch.map((item) => item.id),
        embeddings: batch.map((item) => item.embedding),
        metadatas: batch.map((item) => item.metadata),
      });
    }
  }

  async query(collection: string, embedding: number[], options: VectorQueryOptions): Promise<VectorMatch[]> {
    const result = await (
      await this.collection(collection)
    ).query({
      queryEmbeddings: [embedding],
      nResults: options.topK,
      where: options.where ? toWhere(options.where) : undefined,
      // Ids and distances only: reading the documents and metadata back costs Chroma more than the search.
      include: ['distances'],
    });
    const ids = result.ids[0] ?? [];
    return ids.map((id, index) => ({
      id,
      score: 1 - (result.distances[0]?.[index] ?? 1),
    }));
  }

  async deleteWhere(collection: string, where: VectorMetadata): Promise<void> {
    await (await this.collection(collection)).delete({ where: toWhere(where) });
  }

  async deleteCollection(collection: string): Promise<void> {
    this.collections.delete(collection);
    try {
      await this.client.deleteCollection({ name: collection });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async ping(): Promise<void> {
    await this.client.heartbeat();
  }

  async close(): Promise<void> {
    this.collections.clear();
    await this.onClose?.();
  }

  private collection(name: string): Promise<Collection> {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = this.client.getOrCreateCollection({
        name,
        embeddingFunction: null,
        configuration: { hnsw: { space: 'cosine' } },
      });
      // A failed lookup (server down) must not stick: the next call tries again.
      collection.catch(() => this.collections.delete(name));
      this.collections.set(name, collection);
    }
    return collection;
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ChromaNotFoundError' || /not (be )?found|does not exist/i.test(error.message));
}

/** Chroma takes one key per object; several keys must be combined with `$and`. */
function toWhere(where: VectorMetadata): Where {
  const clauses = Object.entries(where).map(([key, value]) => ({ [key]: value }));
  if (clauses.length === 0) throw new Error('A vector filter needs at least one metadata key');
  return clauses.length === 1 ? clauses[0]! : { $and: clauses };
}
