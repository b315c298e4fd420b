import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { LexicalEmbeddings, searchTermsOf, STEMMING_VERSION } from '../../platform/embeddings/index.ts';
import {
  ChromaVectorStore,
  startLocalChroma,
  type LocalChroma,
  type VectorMetadata,
  type VectorStore,
} from '../../platform/vectors/index.ts';
import { collectionForBot, collectionForModel, VECTOR_LAYOUT_VERSION } from './collections.ts';
import { Retriever } from './retrieval/retrieval.ts';
import { KnowledgeIndex, type KnowledgeSource } from './store.ts';

// The indexing and retrieval core on a real database and a real local Chroma, without HTTP:
// what the crawler and the chat call.

let database: TestDatabase;
let prisma: PrismaClient;
let chroma: LocalChroma;
let chromaDir: string;
let vectors: VectorStore;
let index: KnowledgeIndex;
let retriever: Retriever;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
  prisma = database.database.prisma;
  chromaDir = await mkdtemp(path.join(tmpdir(), 'knowledge-chroma-'));
  chroma = await startLocalChroma({ dataDir: chromaDir });
  vectors = new ChromaVectorStore({ url: chroma.url });
  index = new KnowledgeIndex({ prisma, vectors, embeddings: new LexicalEmbeddings() });
  retriever = new Retriever({ prisma, query: database.database.query, vectors, index, logger });
});

afterAll(async () => {
  await vectors?.close();
  await chroma?.stop();
  await database?.drop();
  if (chromaDir) await rm(chromaDir, { recursive: true, force: true });
});

async function newBot(ownerId: string | null = null): Promise<string> {
  const bot = await prisma.bot.create({ data: { ownerId, name: 'b', displayName: 'b', useCase: 'faq-bot', widgetToken: randomUUID() } });
  return bot.id;
}

async function newDocument(botId: string, fileName: string, status: 'completed' | 'processing' = 'completed'): Promise<KnowledgeSource> {
  const document = await prisma.document.create({
    // Completed by default, as a document is once its chunks are knowledge (retrieval skips the others).
    data: {
      botId,
      fileName,
      mimeType: 'text/plain',
      sizeBytes: 1,
      contentHash: randomUUID(),
      storageKey: `bots/${botId}/documents/x`,
      status,
    },
  });
  return { type: 'document', id: document.id, title: fileName };
}

async function newWebPage(botId: string, url: string, title: string): Promise<KnowledgeSource> {
  const source = await prisma.webSource.create({ data: { botId, url } });
  const page = await prisma.webPage.create({
    data: { botId, webSourceId: source.id, siteUrl: url, url, title, contentHash: 'h', byteSize: 1 },
  });
  return { type: 'web_page', id: page.id, title, url };
}

async function vectorIds(collection: string, botId: string, sourceId?: string, dimensions?: number): Promise<string[]> {
  const embedding = await new LexicalEmbeddings(dimensions).embedQuery('any words');
  const where: VectorMetadata = sourceId ? { bot_id: botId, source_id: sourceId } : { bot_id: botId };
  return (await vectors.query(collection, embedding, { topK: 200, where })).map((match) => match.id);
}

async function chunkIdsOf(documentId: string): Promise<string[]> {
  return (await prisma.chunk.findMany({ where: { documentId }, select: { id: true }, orderBy: { ordinal: 'asc' } })).map(
    (chunk) => chunk.id,
  );
}

describe('KnowledgeIndex and Retriever', () => {
  it('works for a demo bot (no owner) and answers with the source of each chunk', async () => {
    const botId = await newBot(null);
    const page = await newWebPage(botId, 'https://example.test/opening-hours', 'Opening hours');
    const { chunkCount } = await index.indexSections(botId, page, [
      { heading: 'Weekdays', text: 'The shop opens at nine and closes at six from Monday to Friday.' },
      { heading: 'Weekend', text: 'On Saturdays the shop opens at ten; it is closed on Sundays.' },
    ]);
    expect(chunkCount).toBe(2);
    const [top] = await retriever.retrieve(botId, 'Is the shop open on Sunday?');
    expect(top).toMatchObject({
      content: 'On Saturdays the shop opens at ten; it is closed on Sundays.',
      heading: 'Weekend',
      source: { type: 'web_page', id: page.id, title: 'Opening hours', url: 'https://example.test/opening-hours', page: null },
    });
    const rows = await prisma.$queryRaw<{ sv: string }[]>`SELECT "searchVector"::text AS sv FROM "chunks" WHERE "webPageId" = ${page.id}`;
    expect(rows.every((row) => row.sv.includes("'weekend'") || row.sv.includes("'weekday'"))).toBe(true);
  });

  it('re-indexing a source replaces its chunks and vectors instead of adding to them', async () => {
    const botId = await newBot();
    const page = await newWebPage(botId, 'https://example.test/prices', 'Prices');
    await index.indexSections(botId, page, [{ heading: null, text: 'A coffee costs two euros.' }]);
    const firstVectors = await vectorIds(index.collectionFor(botId), botId, page.id);
    await index.indexSections(botId, page, [
      { heading: null, text: 'A coffee now costs three euros.' },
      { heading: null, text: 'Tea costs two.' },
    ]);

    const chunks = await prisma.chunk.findMany({ where: { webPageId: page.id }, orderBy: { ordinal: 'asc' } });
    expect(chunks.map((chunk) => chunk.content)).toEqual(['A coffee now costs three euros.', 'Tea costs two.']);
    const secondVectors = await vectorIds(index.collectionFor(botId), botId, page.id);
    expect(secondVectors.sort()).toEqual(chunks.map((chunk) => chunk.id).sort());
    expect(secondVectors.some((id) => firstVectors.includes(id))).toBe(false);
  });

  it("never returns another bot's chunks, even when they match better", async () => {
    const mine = await newBot();
    const theirs = await newBot();
    await index.indexSections(mine, await newDocument(mine, 'mine.txt'), [{ heading: null, text: 'Our parcels ship within two days.' }]);
    await index.indexSections(theirs, await newDocument(theirs, 'theirs.txt'), [
      { heading: null, text: 'The secret launch code of the zeppelin is ZX-81, zeppelin zeppelin.' },
    ]);
    const results = await retriever.retrieve(mine, 'zeppelin launch code ZX-81', { topK: 10 });
    expect(results.every((result) => result.source.title === 'mine.txt')).toBe(true);
  });

  it('finds a rare code among many chunks sharing a common word, ranking chunks with every word first', async () => {
    const botId = await newBot();
    const document = await newDocument(botId, 'manual.txt');
    const products = ['router', 'switch', 'camera', 'speaker', 'thermostat', 'doorbell', 'printer', 'scanner'];
    const parts = ['status light', 'reset button', 'power socket', 'mounting bracket', 'antenna', 'display', 'fan', 'battery'];
    const places = ['on the back', 'under the lid', 'beside the port', 'on the left side', 'behind the cover'];
    const filler = Array.from({ length: 600 }, (_, index) => ({
      heading: `Model ${index}`,
      text:
        `The Acme ${products[index % 8]} series ${index} has a ${parts[(index * 3) % 8]} ${places[index % 5]}; ` +
        `its ${parts[(index * 5 + 1) % 8]} needs service every ${(index % 12) + 1} months.`,
    }));
    await index.indexSections(botId, document, [
      ...filler,
      { heading: 'Errors', text: 'Error E4521 on the Acme router means the fibre cable is loose.' },
      { heading: 'Other', text: 'Error E4521 also appears on the old modem.' },
    ]);
    const q = 'What does Acme error E4521 mean?';
    const results = await retriever.retrieve(botId, q, { topK: 3 });
    expect(results[0]?.content).toBe('Error E4521 on the Acme router means the fibre cable is loose.');
    expect(results.map((result) => result.content)).toContain('Error E4521 also appears on the old modem.');
  });

  it('puts the passage holding every word of the question first among passages alike but for their numbers', async () => {
    const botId = await newBot();
    const filler = ['ledger', 'index', 'binding', 'shelf', 'catalogue', 'margin', 'folio', 'errata', 'preface', 'appendix'];
    const asked = [4, 17];
    // The asked volumes' pages say the most besides, so the vector search ranks the others' pages above them.
    for (let volume = 0; volume < 30; volume++) {
      const notes = Array.from({ length: asked.includes(volume) ? 40 : 2 }, (_, index) => filler[(volume + index) % filler.length]).join(
        ' ',
      );
      await index.indexSections(botId, await newDocument(botId, `volume-${volume}.txt`), [
        {
          heading: null,
          text: `Closing notes of volume ${volume}: ${notes}. The volume ${volume} archive room opens with badge code ${7000 + volume}.`,
        },
      ]);
    }
    for (const volume of asked) {
      const [top] = await retriever.retrieve(botId, `Which badge code opens the volume ${volume} archive room?`);
      expect(top?.source.title).toBe(`volume-${volume}.txt`);
    }
  });

  it('leaves chunks of a document still processing out of the full-text search, so they take no place of a completed one', async () => {
    const botId = await newBot();
    // Written first, so they come first in the index: without the filter they fill every probe's places.
    const processing = await newDocument(botId, 'draft.txt', 'processing');
    await index.indexSections(
      botId,
      processing,
      Array.from({ length: 150 }, (_, index) => ({ heading: null, text: `Draft ${index}: the Quillton badge desk moves soon.` })),
    );
    const completed = await newDocument(botId, 'badges.txt');
    await index.indexSections(botId, completed, [
      { heading: null, text: 'Lost badges are replaced by the Quillton badge desk on floor twelve.' },
    ]);
    const [answer] = await chunkIdsOf(completed.id);

    const hits = await retriever.textSearch(botId, 'Quillton badge desk', 20);
    expect(hits.map((hit) => hit.id)).toEqual([answer]);
  });

  it('falls back to full-text search when the vector store fails', async () => {
    const botId = await newBot();
    await index.indexSections(botId, await newDocument(botId, 'faq.txt'), [{ heading: null, text: 'Refunds are paid within 14 days.' }]);
    const broken: VectorStore = {
      ...vectors,
      query: async () => {
        throw new Error('Chroma is down');
      },
    };
    const degraded = new Retriever({ prisma, query: database.database.query, vectors: broken, index, logger });
    const [top] = await degraded.retrieve(botId, 'When are refunds paid?');
    expect(top).toMatchObject({ content: 'Refunds are paid within 14 days.', vectorScore: null });
    expect(top!.textRank).toBeGreaterThan(0);
  });

  it('matches words by stem in both searches, in English and in French', async () => {
    const botId = await newBot();
    const hours = await newDocument(botId, 'hours.md');
    const livraison = await newDocument(botId, 'livraison.md');
    await index.indexSections(botId, hours, [{ heading: 'Visiting', text: 'We open Tuesday to Sunday from 7am to 6pm.' }]);
    await index.indexSections(botId, livraison, [
      { heading: 'Livraison', text: 'Les livraisons sont gratuites dès 30 euros de commande.' },
    ]);

    const english = await retriever.textSearch(botId, 'What are your opening hours?', 5, 'en');
    expect(english.map((hit) => hit.id)).toEqual(await chunkIdsOf(hours.id));
    const french = await retriever.textSearch(botId, 'La livraison est-elle gratuite ?', 5, 'fr');
    expect(french.map((hit) => hit.id)).toEqual(await chunkIdsOf(livraison.id));
    const [best] = await retriever.retrieve(botId, 'When do you open?');
    expect(best?.source.id).toBe(hours.id);
  });

  it('finds words of a French manual that an English question shares with it, though each language stems them apart', async () => {
    const botId = await newBot();
    await index.indexSections(botId, await newDocument(botId, 'pare-feu.txt'), [
      { heading: 'Réseau', text: 'Le firewall de la machine se règle avec nftables, après son installation.' },
      { heading: 'Paquets', text: 'Les paquets se mettent à jour chaque semaine.' },
    ]);
    // Full text alone: "firewall" is "firewal" to the English stemmer, "firewall" to the French one.
    const broken: VectorStore = {
      ...vectors,
      query: async () => {
        throw new Error('Chroma is down');
      },
    };
    const textOnly = new Retriever({ prisma, query: database.database.query, vectors: broken, index, logger });
    const [top] = await textOnly.retrieve(botId, 'How do I set up the firewall?');
    expect(top?.content).toBe('Le firewall de la machine se règle avec nftables, après son installation.');
  });

  it('answers questions asked at the same moment each with its own passages, as one at a time would', async () => {
    const botId = await newBot();
    const topics = [
      ['hours.md', 'Visiting', 'We open Tuesday to Sunday from 7am to 6pm.'],
      ['delivery.md', 'Delivery', 'Orders ship from the Lyon warehouse within two business days.'],
      ['refunds.md', 'Refunds', 'Refunds are accepted within 30 days when the bike is unused.'],
      ['repairs.md', 'Repairs', 'The workshop repairs punctures and brakes while you wait.'],
    ];
    for (const [fileName, heading, text] of topics) {
      await index.indexSections(botId, await newDocument(botId, fileName!), [{ heading: heading!, text: text! }]);
    }
    const questions = [
      'When do you open?',
      'Where do orders ship from?',
      'Can I get a refund?',
      'Do you repair brakes?',
      'Refunds for an unused bike?',
    ];
    const oneAtATime = [];
    for (const question of questions) oneAtATime.push(await retriever.textSearch(botId, question, 5, 'en'));
    // The first goes alone, the others wait for it and go together in one statement.
    expect(await Promise.all(questions.map((question) => retriever.textSearch(botId, question, 5, 'en')))).toEqual(oneAtATime);
    expect(oneAtATime.map((hits) => hits.length > 0)).toEqual(questions.map(() => true));

    const passages = async (question: string) => (await retriever.retrieve(botId, question, { topK: 2 })).map((chunk) => chunk.content);
    const retrievedOneAtATime = [];
    for (const question of questions) retrievedOneAtATime.push(await passages(question));
    expect(await Promise.all(questions.map(passages))).toEqual(retrievedOneAtATime);
    expect(retrievedOneAtATime.map((found) => found[0])).toEqual([
      topics[0]![2],
      topics[1]![2],
      topics[2]![2],
      topics[3]![2],
      topics[2]![2],
    ]);
  });

  it('brings chunks of an older stemming and an older model up to date from PostgreSQL alone', async () => {
    const botId = await newBot();
    const source = await newDocument(botId, 'old.md');
    // Indexed by an older version: another model's collection, and words not stemmed yet.
    const older = new KnowledgeIndex({ prisma, vectors, embeddings: new LexicalEmbeddings(64) });
    await older.indexSections(botId, source, [{ heading: 'Visiting', text: 'Our bakery is opening early on holidays.' }]);
    await prisma.$executeRaw`UPDATE "chunks" SET "searchTerms" = NULL, "searchVersion" = 0 WHERE "botId" = ${botId}`;
    expect(await retriever.textSearch(botId, 'open', 5, 'en')).toEqual([]);
    expect(await vectorIds(index.collectionFor(botId), botId, source.id)).toEqual([]);

    const refreshed = await index.refreshStaleChunks(1);
    expect(refreshed.restemmed).toBeGreaterThanOrEqual(1);
    expect(refreshed.reembedded).toBeGreaterThanOrEqual(1);
    const ids = await chunkIdsOf(source.id);
    expect(await prisma.chunk.findMany({ where: { botId }, select: { embeddingModel: true, searchVersion: true } })).toEqual([
      { embeddingModel: index.embeddings.modelId, searchVersion: STEMMING_VERSION },
    ]);
    expect((await retriever.textSearch(botId, 'open', 5, 'en')).map((hit) => hit.id)).toEqual(ids);
    expect(await vectorIds(index.collectionFor(botId), botId, source.id)).toEqual(ids);
    expect(await vectorIds(older.collectionFor(botId), botId, source.id, 64)).toEqual([]);
    // Nothing left to do: a second boot reads two index ranges and stops.
    const again = await index.refreshStaleChunks();
    expect(await prisma.chunk.count({ where: { botId, searchVersion: 0 } })).toBe(0);
    expect(again).toEqual({ restemmed: 0, reembedded: 0 });
  });

  it("moves vectors of the shared collection (layout 0) into their bot's own collection", async () => {
    const botId = await newBot();
    const otherBot = await newBot();
    const source = await newDocument(botId, 'shared.md');
    await index.indexSections(botId, source, [{ heading: null, text: 'The ferry leaves at noon.' }]);
    const ids = await chunkIdsOf(source.id);
    // As an older version laid it out: in the model's collection every bot shared.
    const shared = collectionForModel(index.embeddings.modelId);
    const [embedding] = await index.embeddings.embedDocuments(['shared.md\nThe ferry leaves at noon.']);
    await vectors.upsert(shared, [{ id: ids[0]!, embedding: embedding!, metadata: { bot_id: botId, source_id: source.id } }]);
    await vectors.deleteCollection(index.collectionFor(botId));
    await prisma.chunk.updateMany({ where: { botId }, data: { vectorLayout: 0 } });
    expect(await retriever.vectorSearch(botId, 'ferry noon', 5)).toEqual([]);

    await index.refreshStaleChunks();

    expect(await prisma.chunk.findMany({ where: { botId }, select: { vectorLayout: true } })).toEqual([{ vectorLayout: 1 }]);
    expect((await retriever.vectorSearch(botId, 'ferry noon', 5)).map((hit) => hit.id)).toEqual(ids);
    expect(await vectorIds(shared, botId)).toEqual([]);
    expect(await retriever.vectorSearch(otherBot, 'ferry noon', 5)).toEqual([]);
  });

  it('answers nothing for an empty question or an empty bot', async () => {
    const botId = await newBot();
    expect(await retriever.retrieve(botId, '   ')).toEqual([]);
    expect(await retriever.retrieve(botId, 'anything at all')).toEqual([]);
  });

  it("removes a source, and a whole bot, from PostgreSQL and from every model's collection", async () => {
    const botId = await newBot();
    const keep = await newDocument(botId, 'keep.txt');
    const drop = await newDocument(botId, 'drop.txt');
    await index.indexSections(botId, keep, [{ heading: null, text: 'Keep this passage.' }]);
    await index.indexSections(botId, drop, [{ heading: null, text: 'Drop this passage.' }]);

    // The same source indexed earlier with another model: its vectors live in that model's collection.
    const other = new KnowledgeIndex({ prisma, vectors, embeddings: new LexicalEmbeddings(64) });
    expect(other.collectionFor(botId)).not.toBe(index.collectionFor(botId));
    expect(other.collectionFor(botId)).toBe(collectionForBot('local-lexical-v2-64', botId));
    await other.indexSections(botId, drop, [{ heading: null, text: 'Drop this passage.' }]);
    expect(await vectorIds(other.collectionFor(botId), botId, drop.id, 64)).toHaveLength(1);
    // Re-indexing with the current model clears the old model's vectors of that source.
    await index.indexSections(botId, drop, [{ heading: null, text: 'Drop this passage.' }]);
    expect(await vectorIds(other.collectionFor(botId), botId, drop.id, 64)).toHaveLength(0);
    await other.indexSections(botId, keep, [{ heading: null, text: 'Keep this passage.' }]);

    await index.removeSource(botId, drop);
    expect(await prisma.chunk.count({ where: { documentId: drop.id } })).toBe(0);
    expect(await vectorIds(index.collectionFor(botId), botId, drop.id)).toHaveLength(0);
    expect(await vectorIds(index.collectionFor(botId), botId, keep.id)).toHaveLength(0);
    expect(await vectorIds(other.collectionFor(botId), botId, keep.id, 64)).toHaveLength(1);

    await index.removeBot(botId);
    expect(await prisma.chunk.count({ where: { botId } })).toBe(0);
    expect(await vectorIds(index.collectionFor(botId), botId)).toHaveLength(0);
    expect(await vectorIds(other.collectionFor(botId), botId, undefined, 64)).toHaveLength(0);
  });
});

describe('the same source indexed twice at once', () => {
  it("ends with one run's chunks, never several runs' together", async () => {
    const botId = await newBot();
    const twice = await newDocument(botId, 'twice.txt');
    const text = (run: number) =>
      Array.from({ length: 30 }, (_, line) => `Run ${run} line ${line}: the harbour ferry timetable changes in winter.`).join('\n\n');
    await Promise.all([1, 2, 3, 4].map((run) => index.indexSections(botId, twice, [{ heading: null, text: text(run) }])));
    const [counts] = await prisma.$queryRaw<{ rows: number; ordinals: number }[]>`
      SELECT count(*)::int AS rows, count(DISTINCT ordinal)::int AS ordinals FROM chunks WHERE "documentId" = ${twice.id}`;
    expect(counts!.rows).toBe(counts!.ordinals);
    const runs = await prisma.$queryRaw<{ run: string }[]>`
      SELECT DISTINCT substring(content from 'Run (\d)') AS run FROM chunks WHERE "documentId" = ${twice.id}`;
    expect(runs).toHaveLength(1);
  });
});

describe('while Chroma is away', () => {
  /** The same index, its Chroma client pointed at an address nothing listens on. */
  const offline = () =>
    new KnowledgeIndex({
      prisma,
      vectors: new ChromaVectorStore({ url: 'http://127.0.0.1:9' }),
      embeddings: new LexicalEmbeddings(),
      logger,
    });
  const pendingOf = (botId: string) => prisma.chunk.count({ where: { botId, vectorPending: true } });

  it('indexes into PostgreSQL, answers from full text, and writes the vectors once Chroma is back', async () => {
    const botId = await newBot();
    const tides = await newDocument(botId, 'tides.txt');
    expect(await offline().indexSections(botId, tides, [{ heading: null, text: 'High tide at the harbour is at 6:40 tomorrow.' }])).toEqual(
      {
        chunkCount: 1,
        vectorsPending: true,
      },
    );
    expect(await pendingOf(botId)).toBe(1);
    expect(await vectorIds(index.collectionFor(botId), botId, tides.id)).toEqual([]);
    const [meanwhile] = await retriever.retrieve(botId, 'When is high tide at the harbour?');
    expect(meanwhile).toMatchObject({ content: 'High tide at the harbour is at 6:40 tomorrow.', vectorScore: null });

    const synced = await index.syncVectors();
    expect(synced.written).toBeGreaterThanOrEqual(1);
    expect(await pendingOf(botId)).toBe(0);
    expect(await vectorIds(index.collectionFor(botId), botId, tides.id)).toEqual(await chunkIdsOf(tides.id));
    const [after] = await retriever.retrieve(botId, 'When is high tide at the harbour?');
    expect(after!.vectorScore).toBeGreaterThan(0);
  });

  it('removes chunks at once and their vectors once Chroma is back, a whole bot included', async () => {
    const botId = await newBot();
    const drop = await newDocument(botId, 'drop.txt');
    const keep = await newDocument(botId, 'keep.txt');
    await index.indexSections(botId, drop, [{ heading: null, text: 'Drop this passage.' }]);
    await index.indexSections(botId, keep, [{ heading: null, text: 'Keep this passage.' }]);

    await offline().removeSource(botId, drop);
    expect(await prisma.chunk.count({ where: { documentId: drop.id } })).toBe(0);
    expect(await vectorIds(index.collectionFor(botId), botId, drop.id)).toHaveLength(1);
    expect(
      await prisma.vectorRemoval.findMany({ where: { botId }, select: { collection: true, sourceId: true, wholeCollection: true } }),
    ).toEqual([{ collection: index.collectionFor(botId), sourceId: drop.id, wholeCollection: false }]);
    expect((await index.syncVectors()).removed).toBeGreaterThanOrEqual(1);
    expect(await vectorIds(index.collectionFor(botId), botId, drop.id)).toHaveLength(0);
    expect(await vectorIds(index.collectionFor(botId), botId, keep.id)).toHaveLength(1);
    expect(await prisma.vectorRemoval.count({ where: { botId } })).toBe(0);

    await offline().removeBot(botId);
    expect(await prisma.chunk.count({ where: { botId } })).toBe(0);
    expect(await vectorIds(index.collectionFor(botId), botId)).toHaveLength(1);
    await index.syncVectors();
    expect(await vectorIds(index.collectionFor(botId), botId)).toHaveLength(0);
  });

  it('leaves the work for the next run while Chroma is still away', async () => {
    const botId = await newBot();
    const notes = await newDocument(botId, 'notes.txt');
    await offline().indexSections(botId, notes, [{ heading: null, text: 'The ferry leaves at noon.' }]);
    await expect(offline().syncVectors()).rejects.toThrow();
    expect(await pendingOf(botId)).toBe(1);
    await index.syncVectors();
    expect(await pendingOf(botId)).toBe(0);
    expect(await vectorIds(index.collectionFor(botId), botId, notes.id)).toEqual(await chunkIdsOf(notes.id));
  });
});

describe('full-text probes', () => {
  it('have statistics to go by without autovacuum: indexing refreshes them, as autovacuum would', async () => {
    const refreshing = new KnowledgeIndex({ prisma, vectors, embeddings: new LexicalEmbeddings(), refreshStatistics: { everyMs: 60_000 } });
    const botId = await newBot();
    await prisma.$executeRawUnsafe('DELETE FROM pg_statistic WHERE starelid = \'"chunks"\'::regclass');
    const statistics = () =>
      prisma.$queryRaw<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'chunks' AND attname = 'searchVector'`;
    expect(await statistics()).toEqual([{ n: 0 }]);
    await refreshing.indexSections(botId, await newDocument(botId, 'stats.txt'), [
      { heading: null, text: 'Statistics make the planner wise.' },
    ]);
    await vi.waitFor(async () => expect(await statistics()).toEqual([{ n: 1 }]), { timeout: 10_000, interval: 50 });
  });

  it('are refreshed at the end of the interval when indexing went on within it', async () => {
    const refreshing = new KnowledgeIndex({ prisma, vectors, embeddings: new LexicalEmbeddings(), refreshStatistics: { everyMs: 300 } });
    const botId = await newBot();
    const analyzedAt = async () =>
      (
        await prisma.$queryRaw<{ at: Date | null }[]>`SELECT last_analyze AS at FROM pg_stat_user_tables WHERE relid = '"chunks"'::regclass`
      )[0]?.at ?? null;
    const hasStatistics = async () =>
      (
        await prisma.$queryRaw<
          { n: number }[]
        >`SELECT count(*)::int AS n FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'chunks' AND attname = 'searchVector'`
      )[0]!.n > 0;
    await prisma.$executeRawUnsafe('DELETE FROM pg_statistic WHERE starelid = \'"chunks"\'::regclass');
    await refreshing.indexSections(botId, await newDocument(botId, 'first.txt'), [{ heading: null, text: 'The first page.' }]);
    await vi.waitFor(async () => expect(await hasStatistics()).toBe(true), { timeout: 10_000, interval: 20 });
    const first = await analyzedAt();

    // Within the interval: the check waits for its end, then finds the statistics gone again.
    await prisma.$executeRawUnsafe('DELETE FROM pg_statistic WHERE starelid = \'"chunks"\'::regclass');
    await refreshing.indexSections(botId, await newDocument(botId, 'second.txt'), [{ heading: null, text: 'The second page.' }]);
    await vi.waitFor(async () => expect(await hasStatistics()).toBe(true), { timeout: 10_000, interval: 20 });
    expect((await analyzedAt())!.getTime()).toBeGreaterThan(first!.getTime());
  });

  it('leave out a word in more than a thousand chunks, which would read its whole posting list for an arbitrary hundred', async () => {
    const botId = await newBot();
    const { id: documentId } = await newDocument(botId, 'catalogue.txt');
    const contents = [
      ...Array.from({ length: 1_200 }, (_, index) => `Bicycle model ${index} from the catalogue.`),
      'The zeppelin hangar stays closed.',
    ];
    await prisma.$executeRaw`
      INSERT INTO "chunks" ("id", "botId", "sourceType", "documentId", "ordinal", "content", "tokenCount", "title", "embeddingModel", "searchTerms", "searchVersion", "vectorLayout")
      SELECT gen_random_uuid()::text, ${botId}, 'document'::"SourceType", ${documentId}, t.ordinal, t.content, 8, 'catalogue.txt', 'local', t.terms, ${STEMMING_VERSION}, ${VECTOR_LAYOUT_VERSION}
      FROM unnest(${contents.map((_, index) => index)}::int[], ${contents}::text[], ${contents.map((content) => searchTermsOf(content))}::text[]) AS t(ordinal, content, terms)`;
    const question = 'Is the bicycle hangar open?';
    const before = await retriever.textSearch(botId, question, 20, 'en');
    expect(before).toHaveLength(20);

    await prisma.$executeRawUnsafe('ANALYZE "chunks"');
    // A new retriever: statistics are read once a minute.
    const after = await new Retriever({ prisma, query: database.database.query, vectors, index, logger }).textSearch(
      botId,
      question,
      20,
      'en',
    );
    const hangar = await prisma.chunk.findFirstOrThrow({ where: { botId, content: { contains: 'hangar' } } });
    expect(after).toEqual([{ id: hangar.id, rank: expect.any(Number), allWords: false }]);
  });
});
