// Benchmarks of the knowledge pipeline (run by `npm run bench`, never by tests). Each function
// starts the real server on a fresh database with a local Chroma, unless given one, and answers
// rows for the printed table.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { api, startTestServer, type TestServer } from '../test/harness.ts';
import { collectionForBot, VECTOR_LAYOUT_VERSION } from '../src/domains/knowledge/collections.ts';
import { documentStatusTopic, type DocumentStatusEvent } from '../src/domains/knowledge/events.ts';
import { pdfWithPages } from '../test/documentFixtures.ts';
import { uuidv7 } from '../src/platform/ids.ts';
import { batches } from '../src/domains/knowledge/store.ts';
import { searchTermsOf, STEMMING_VERSION } from '../src/platform/embeddings/index.ts';
import { round } from './throughput.ts';

export interface BenchRow {
  benchmark: string;
  value: number;
  unit: string;
  goal: string;
  /** Whether the value meets the goal; null for a row that has no goal (a figure shown for context). */
  ok: boolean | null;
  detail: string;
}

// ---------------------------------------------------------------- synthetic text

/** A small deterministic PRNG (mulberry32), so every run benchmarks the same text. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'tas',
  'vo',
  'qui',
  'zen',
  'dor',
  'pa',
  'shi',
  'bel',
  'nu',
  'gar',
  'fi',
  'tro',
  'wen',
  'xi',
  'lum',
  'sa',
];
const COMMON = 'the of and to in is for on with as by at from that this are be or an it'.split(' ');

/** A vocabulary of made-up words, used with a Zipf-like skew so that some words are frequent and most are rare. */
function vocabulary(size: number, next: () => number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const length = 2 + Math.floor(next() * 3);
    let word = '';
    for (let index = 0; index < length; index++) word += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
    words.add(word);
  }
  return [...words];
}

function sentenceMaker(seed: number, vocabularySize = 20_000) {
  const next = random(seed);
  const words = vocabulary(vocabularySize, next);
  const zipf = () => words[Math.min(words.length - 1, Math.floor(words.length * next() ** 3))]!;
  const sentence = () => {
    const length = 8 + Math.floor(next() * 10);
    const parts: string[] = [];
    for (let index = 0; index < length; index++) parts.push(next() < 0.35 ? COMMON[Math.floor(next() * COMMON.length)]! : zipf());
    const text = parts.join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  return { next, words, zipf, sentence };
}

// ---------------------------------------------------------------- shared set-up

interface BenchContext {
  server: TestServer;
  token: string;
  userId: string;
  close(): Promise<void>;
}

async function context(given?: TestServer): Promise<BenchContext> {
  const server = given ?? (await startTestServer());
  const login = await api(server, 'POST', '/users/login', { body: { email: 'customer@example.com', password: 'customer-demo-2026' } });
  if (login.status !== 200) throw new Error(`bench: cannot log in the seeded customer (${login.status})`);
  return {
    server,
    token: login.body.access_token,
    userId: login.body.user.id,
    close: async () => {
      if (!given) await server.close();
    },
  };
}

async function createBot(bench: BenchContext, name: string): Promise<string> {
  const bot = await bench.server.platform.prisma.bot.create({
    data: { ownerId: bench.userId, name, displayName: name, useCase: 'faq-bot', widgetToken: randomUUID() },
  });
  return bot.id;
}

/** The positions of a batch's chunks, by the corpus (bot) each belongs to. */
function chunksByCorpus<Corpus>(owners: readonly Corpus[]): Map<Corpus, number[]> {
  const grouped = new Map<Corpus, number[]>();
  owners.forEach((owner, index) => {
    const positions = grouped.get(owner);
    if (positions) positions.push(index);
    else grouped.set(owner, [index]);
  });
  return grouped;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

// ---------------------------------------------------------------- (a) a 500-page PDF, upload to searchable

export interface PdfBenchOptions {
  pages?: number;
  server?: TestServer;
}

/**
 * Uploads a generated PDF over HTTP and times it until a fact from one of its last pages is found
 * by the retrieval service: upload, sniffing, storage, queueing, parsing, splitting, embedding,
 * PostgreSQL and Chroma writes, and the first search.
 */
export async function benchPdfIngestion(options: PdfBenchOptions = {}): Promise<BenchRow[]> {
  const pages = options.pages ?? 500;
  const bench = await context(options.server);
  try {
    const botId = await createBot(bench, 'PDF benchmark');
    const text = sentenceMaker(42, 5_000);
    const factPage = Math.max(1, pages - 63);
    const fact = 'The benchmark lighthouse of Quorvantel flashes green every nineteen seconds.';
    const pageTexts = Array.from({ length: pages }, (_, index) => {
      const sentences = Array.from({ length: 22 }, text.sentence);
      if (index + 1 === factPage) sentences.splice(7, 0, fact);
      return sentences.join(' ');
    });
    const pdf = await pdfWithPages(pageTexts);

    const events = bench.server.platform.pubsub.subscribe(documentStatusTopic(botId));
    await events.ready;
    const started = performance.now();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)]), 'benchmark.pdf');
    const response = await fetch(`${bench.server.url}/api/v1/bots/${botId}/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bench.token}` },
      body: form,
    });
    const body = (await response.json()) as { id?: string; detail?: string };
    if (response.status !== 201 || !body.id) throw new Error(`bench: upload failed (${response.status} ${body.detail ?? ''})`);
    const uploaded = performance.now();

    let final: DocumentStatusEvent | undefined;
    for await (const event of events as AsyncIterable<DocumentStatusEvent>) {
      if (event.document.id !== body.id) continue;
      if (event.document.status === 'completed' || event.document.status === 'failed') {
        final = event;
        break;
      }
    }
    await events.return?.();
    if (final?.document.status !== 'completed') throw new Error(`bench: the PDF failed: ${final?.document.errorMessage ?? 'no status'}`);
    const completed = performance.now();
    const results = await bench.server.services.knowledge.retrieve(botId, 'How often does the Quorvantel lighthouse flash?', { topK: 5 });
    const searchable = performance.now();
    const found = results.some((result) => result.content.includes('Quorvantel') && result.source.page === factPage);
    if (!found) throw new Error('bench: the fact of the PDF was not found after ingestion');

    const seconds = (searchable - started) / 1000;
    return [
      {
        benchmark: `${pages}-page PDF, upload to searchable`,
        value: round(seconds, 2),
        unit: 's',
        goal: '< 20 s',
        ok: seconds < 20,
        detail:
          `${round(pdf.length / 1024 / 1024, 2)} MB, ${final.document.chunkCount} chunks; upload ${Math.round(uploaded - started)} ms, ` +
          `processing ${round((completed - uploaded) / 1000, 2)} s, first search ${Math.round(searchable - completed)} ms`,
      },
    ];
  } finally {
    await bench.close();
  }
}

// ---------------------------------------------------------------- (b) retrieval with 100k chunks in one bot (or more, over more bots)

export interface RetrievalBenchOptions {
  chunks?: number;
  /** The bots the chunks are spread over, each with as many (1 by default); each question asks one of them. */
  bots?: number;
  queries?: number;
  topK?: number;
  server?: TestServer;
  /** Progress lines (seeding 100k chunks takes minutes). */
  progress?: (line: string) => void;
}

const SEED_SQL_BATCH = 5_000;

/**
 * Seeds `bots` bots (one by default) with `chunks` chunks in all (bulk SQL through `unnest`, vectors in batched Chroma upserts),
 * then times `retrieve()` (embedding, Chroma query, full-text query, fusion, hydration) over
 * distinct questions, after a warm-up.
 */
export async function benchRetrieval(options: RetrievalBenchOptions = {}): Promise<BenchRow[]> {
  const total = options.chunks ?? 100_000;
  const queryCount = options.queries ?? 300;
  const topK = options.topK ?? 5;
  const bench = await context(options.server);
  try {
    const { prisma, vectors, embeddings } = bench.server.platform;
    const botCount = options.bots ?? 1;
    // Each bot a document of its own, and its chunks one run of the seeding order (a batch touches few collections).
    const corpora: { botId: string; documentId: string; collection: string }[] = [];
    for (let index = 0; index < botCount; index++) {
      const botId = await createBot(bench, `Retrieval benchmark ${index}`);
      corpora.push({ botId, documentId: uuidv7(), collection: collectionForBot(embeddings.modelId, botId) });
    }
    await prisma.document.createMany({
      data: corpora.map(({ botId, documentId }) => ({
        id: documentId,
        botId,
        fileName: 'corpus.txt',
        mimeType: 'text/plain',
        sizeBytes: 0,
        contentHash: randomUUID(),
        storageKey: `bots/${botId}/documents/${documentId}`,
        status: 'completed' as const,
      })),
    });
    const chunksPerBot = Math.ceil(total / botCount);
    const corpusOf = (chunk: number) => corpora[Math.floor(chunk / chunksPerBot)]!;
    const text = sentenceMaker(7);

    const seedStarted = performance.now();
    // This throwaway database loads faster without its full-text index; it is rebuilt exactly as the
    // migration defines it (one bulk build instead of 100k incremental GIN insertions).
    await prisma.$executeRawUnsafe('DROP INDEX "chunks_searchVector_idx"');
    let seeded = 0;
    const samples: { corpus: (typeof corpora)[number]; content: string }[] = [];
    for (const batch of batches(
      Array.from({ length: total }, (_, index) => index),
      SEED_SQL_BATCH,
    )) {
      const ids = batch.map(() => uuidv7());
      const owners = batch.map(corpusOf);
      const contents = batch.map(() => Array.from({ length: 6 + Math.floor(text.next() * 6) }, text.sentence).join(' '));
      contents.forEach((content, index) => {
        if (samples.length < queryCount * 2 && text.next() < 0.01) samples.push({ corpus: owners[index]!, content });
      });
      const vectorsOfBatch = await embeddings.embedDocuments(contents.map((content) => `corpus.txt\n${content}`));
      // PostgreSQL (in this process for PGlite) and Chroma (its own process) work side by side.
      await Promise.all([
        prisma.$executeRaw`
          INSERT INTO "chunks" ("id", "botId", "sourceType", "documentId", "ordinal", "content", "tokenCount", "title", "embeddingModel", "searchTerms", "searchVersion", "vectorLayout")
          SELECT t.id, t."botId", 'document'::"SourceType", t."documentId", t.ordinal, t.content, length(t.content) / 4, 'corpus.txt', ${embeddings.modelId}, t.terms, ${STEMMING_VERSION}, ${VECTOR_LAYOUT_VERSION}
          FROM unnest(${ids}::text[], ${owners.map((owner) => owner.botId)}::text[], ${owners.map((owner) => owner.documentId)}::text[], ${batch}::int[], ${contents}::text[], ${contents.map((content) => searchTermsOf(`corpus.txt\n${content}`))}::text[]) AS t(id, "botId", "documentId", ordinal, content, terms)`,
        ...[...chunksByCorpus(owners)].map(([corpus, indexes]) =>
          vectors.upsert(
            corpus.collection,
            indexes.map((index) => ({
              id: ids[index]!,
              embedding: vectorsOfBatch[index]!,
              metadata: { bot_id: corpus.botId, source_type: 'document', source_id: corpus.documentId, title: 'corpus.txt' },
            })),
          ),
        ),
      ]);
      seeded += batch.length;
      if (seeded % 20_000 === 0 || seeded === total) options.progress?.(`retrieval bench: ${seeded} chunks seeded`);
    }
    await prisma.$executeRawUnsafe('CREATE INDEX "chunks_searchVector_idx" ON "chunks" USING GIN ("searchVector")');
    await prisma.$executeRawUnsafe('ANALYZE "chunks"');
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    options.progress?.(`retrieval bench: seeded in ${Math.round(seedSeconds)} s, querying`);

    // Questions: a few words from a real chunk (as a visitor would paraphrase), plus a few made-up words.
    const questions = Array.from({ length: queryCount }, (_, index) => {
      const sample = samples[index % Math.max(1, samples.length)] ?? { corpus: corpora[0]!, content: text.sentence() };
      const source = sample.content.replace(/[.]/g, '').split(' ');
      const picked = Array.from({ length: 3 + (index % 4) }, () => source[Math.floor(text.next() * source.length)]!);
      return { corpus: sample.corpus, text: `What about ${picked.join(' ')}${index % 5 === 0 ? ` ${text.zipf()}` : ''}?` };
    });

    const { knowledge } = bench.server.services;
    // Warmed up on questions of their own: a question asked again would be answered from the retrieval cache.
    for (const { corpus, text: question } of questions.slice(0, 20)) await knowledge.retrieve(corpus.botId, `${question} again`, { topK });
    const timings: number[] = [];
    let empty = 0;
    for (const { corpus, text: question } of questions) {
      const started = performance.now();
      const results = await knowledge.retrieve(corpus.botId, question, { topK });
      timings.push(performance.now() - started);
      if (results.length === 0) empty += 1;
    }
    timings.sort((a, b) => a - b);
    const p50 = percentile(timings, 50);
    const p95 = percentile(timings, 95);
    // Each half alone, to see where the time goes.
    const candidates = Math.max(topK * 4, 20);
    const halves = { vector: [] as number[], text: [] as number[], chromaAlone: [] as number[] };
    for (const { corpus, text: question } of questions) {
      // The reference: Chroma queried directly on the same vectors, the question already embedded.
      const embedding = await embeddings.embedQuery(question);
      const referenceStarted = performance.now();
      await vectors.query(corpus.collection, embedding, { topK: candidates });
      halves.chromaAlone.push(performance.now() - referenceStarted);
      let started = performance.now();
      await knowledge.retriever.vectorSearch(corpus.botId, question, candidates);
      halves.vector.push(performance.now() - started);
      started = performance.now();
      await knowledge.retriever.textSearch(corpus.botId, question, candidates);
      halves.text.push(performance.now() - started);
    }
    const p95Of = (values: number[]) =>
      round(
        percentile(
          [...values].sort((a, b) => a - b),
          95,
        ),
        1,
      );
    const where = botCount === 1 ? 'in one bot' : `over ${botCount.toLocaleString('en')} bots`;
    const detail =
      `${seeded.toLocaleString('en')} chunks seeded in ${round(seedSeconds, 1)} s; ${queryCount} queries, top ${topK}; ` +
      `p95 vector half ${p95Of(halves.vector)} ms, full-text half ${p95Of(halves.text)} ms; ` +
      `reference, Chroma queried directly: p95 ${p95Of(halves.chromaAlone)} ms (ours ${round(p95 / Math.max(p95Of(halves.chromaAlone), 0.1), 1)}x); ` +
      `${bench.server.platform.database.kind}, ${embeddings.modelId}${empty ? `; ${empty} empty` : ''}`;
    return [
      {
        benchmark: `retrieval p50, ${seeded.toLocaleString('en')} chunks ${where}`,
        value: round(p50, 2),
        unit: 'ms',
        goal: '-',
        ok: null,
        detail,
      },
      {
        benchmark: `retrieval p95, ${seeded.toLocaleString('en')} chunks ${where}`,
        value: round(p95, 2),
        unit: 'ms',
        goal: '< 25 ms',
        ok: p95 < 25,
        detail,
      },
    ];
  } finally {
    await bench.close();
  }
}
