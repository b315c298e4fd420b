import http from 'node:http';
import https from 'node:https';
import { ChromaClient, type Collection, type Where } from 'chromadb';
import { BatchWhileBusy } from '../batchWhileBusy.ts';
import type { VectorItem, VectorMatch, VectorMetadata, VectorQueryOptions, VectorStore } from './types.ts';

const UPSERT_BATCH = 250;
/** A query Chroma leaves unanswered this long fails (retrieval answers from full text meanwhile). */
const QUERY_TIMEOUT_MS = 30_000;
/**
 * Queries to one collection sent together at most (see `query`). Measured on a 2-core machine with a
 * 300-vector collection, Chroma's CPU per query embedding: 1.98 ms alone, 0.51 ms in a batch of 5,
 * 0.32 ms in 10, 0.24 ms in 20: its fixed cost per request dwarfs the search.
 */
const MAX_QUERY_BATCH = 32;

export interface ChromaVectorStoreOptions {
  /** e.g. `http://127.0.0.1:8000`. */
  url: string;
  /** Runs on close, after the client is done (stops an embedded server). */
  onClose?: () => Promise<void>;
}

/** One query of a batch; the batch's queries share the collection, topK and filter. */
interface BatchedQuery {
  path: string;
  topK: number;
  where: Where | undefined;
  embedding: number[];
}

/** A query's reply from Chroma's REST API (`include: ['distances']`), a row per query embedding. */
interface QueryReply {
  ids?: string[][];
  distances?: (number | null)[][] | null;
}

export class ChromaVectorStore implements VectorStore {
  private readonly client: ChromaClient;
  private readonly collections = new Map<string, Promise<Collection>>();
  private readonly onClose: (() => Promise<void>) | undefined;
  /** Queries go out on these kept-alive sockets, one write each (see `query`). */
  private readonly agent: http.Agent;
  private readonly origin: { protocol: string; hostname: string; port: number };
  private readonly queries = new BatchWhileBusy<BatchedQuery, VectorMatch[]>((batch) => this.queryBatch(batch), MAX_QUERY_BATCH);

  constructor(options: ChromaVectorStoreOptions) {
    const url = new URL(options.url);
    const ssl = url.protocol === 'https:';
    const port = Number(url.port || (ssl ? 443 : 80));
    this.client = new ChromaClient({ host: url.hostname, port, ssl });
    this.onClose = options.onClose;
    this.agent = ssl ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
    this.origin = { protocol: url.protocol, hostname: url.hostname, port };
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

  /**
   * Straight to Chroma's REST API rather than through its client: the query is on every answer's
   * path, and the client's fetch (undici, its web streams and a write for the headers and another
   * for the body) cost the server more CPU than Chroma's search. One request, written at once, on
   * a kept-alive socket; the collection is still found (and created) through the client. Queries to
   * the same collection that arrive while one is out go together in the next request (visitors of
   * one busy bot): Chroma answers several embeddings for little more than the cost of one.
   */
  async query(collection: string, embedding: number[], options: VectorQueryOptions): Promise<VectorMatch[]> {
    const target = await this.collection(collection);
    const where = options.where ? toWhere(options.where) : undefined;
    const path =
      `/api/v2/tenants/${encodeURIComponent(target.tenant)}/databases/${encodeURIComponent(target.database)}` +
      `/collections/${encodeURIComponent(target.id)}/query`;
    try {
      return await this.queries.run(`${path} ${options.topK} ${JSON.stringify(where)}`, { path, topK: options.topK, where, embedding });
    } catch (error) {
      // A collection deleted meanwhile (by another replica): look it up again next time.
      if (isNotFound(error)) this.collections.delete(collection);
      throw error;
    }
  }

  private async queryBatch(batch: BatchedQuery[]): Promise<VectorMatch[][]> {
    const { path, topK, where } = batch[0]!;
    const body = JSON.stringify({
      query_embeddings: batch.map((query) => query.embedding),
      n_results: topK,
      ...(where ? { where } : {}),
      // Ids and distances only: reading the documents and metadata back costs Chroma more than the search.
      include: ['distances'],
    });
    const result = (await this.post(path, body)) as QueryReply;
    return batch.map((_, row) => {
      const ids = result.ids?.[row] ?? [];
      const distances = result.distances?.[row];
      return ids.map((id, index) => ({ id, score: 1 - (distances?.[index] ?? 1) }));
    });
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
    this.agent.destroy();
    await this.onClose?.();
  }

  /**
   * POSTs a JSON body and answers the JSON reply; a status other than 200 throws with Chroma's
   * message. A kept-alive socket that Chroma closed just as it was reused is tried once more on a
   * new one (a query changes nothing, so sending it twice is harmless).
   */
  private post(path: string, body: string, retried = false): Promise<unknown> {
    const transport = this.origin.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = transport.request(
        {
          hostname: this.origin.hostname,
          port: this.origin.port,
          path,
          method: 'POST',
          agent: this.agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          timeout: QUERY_TIMEOUT_MS,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if (response.statusCode === 200) {
              try {
                resolve(JSON.parse(text));
              } catch (error) {
                reject(error);
              }
              return;
            }
            reject(chromaError(response.statusCode ?? 0, text));
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer within ${QUERY_TIMEOUT_MS} ms`)));
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (!retried && request.reusedSocket && error.code === 'ECONNRESET') resolve(this.post(path, body, true));
        else reject(new ChromaRequestError(`Failed to connect to Chroma: ${error.message}`));
      });
      // Headers and body in one write.
      request.end(body);
    });
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

/** A failed request to Chroma, named as the Chroma client names its errors. */
class ChromaRequestError extends Error {
  constructor(message: string, name = 'ChromaConnectionError') {
    super(message);
    this.name = name;
  }
}

function chromaError(status: number, text: string): Error {
  let message = `${status}`;
  try {
    const reply = JSON.parse(text) as { message?: unknown; error?: unknown };
    message = `${status}: ${String(reply.message ?? reply.error ?? text)}`;
  } catch {
    if (text) message = `${status}: ${text.slice(0, 200)}`;
  }
  if (status === 404) return new ChromaRequestError(`The requested resource could not be found (${message})`, 'ChromaNotFoundError');
  return new ChromaRequestError(`Chroma answered ${message}`, status === 400 ? 'ChromaClientError' : 'ChromaServerError');
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
