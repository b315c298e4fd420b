import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../../../scripts/serverProcess.ts';
import { createScratchPostgresDatabase, postgresServerUrl, type ScratchPostgres } from '../../../../test/database.ts';
import { handbookText, MiB } from '../../../../test/documentFixtures.ts';
import { api, graphql } from '../../../../test/harness.ts';
import { uploadDocument } from '../../../../test/knowledge.ts';
import { createDatabase } from '../../../platform/database/index.ts';

// A server killed (SIGKILL) in the middle of writing a large document's chunks finishes it after its
// restart, each chunk written once: on the embedded database (its data folder) and on PostgreSQL.
// The server runs as `npm run dev` runs it, in a child process of the test.

const LARGE_DOCUMENT_MS = 900_000;
const LAST_PAGE = 'Closing notes. The Zorbian ferry to the staff retreat leaves pier nineteen at 7:45 every Thursday.';

let dataDir: string;
let scratch: ScratchPostgres | undefined;
let env: Record<string, string>;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'chatbot-restart-'));
  const postgres = postgresServerUrl();
  scratch = postgres ? await createScratchPostgresDatabase(postgres, 'restart') : undefined;
  env = scratch ? { DATABASE_URL: scratch.url } : {};
});

afterAll(async () => {
  await server?.stop();
  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const DOCUMENT_QUERY = `query ($id: ID!) { node(id: $id) { ... on Document { status errorMessage chunkCount chunksExpected } } }`;

interface DocumentState {
  status: string;
  errorMessage: string | null;
  chunkCount: number;
  chunksExpected: number | null;
}

/** Polls the document over GraphQL until `done` holds for it (the test's own timeout bounds the wait). */
async function documentWhen(on: ServerProcess, token: string, documentId: string, done: (state: DocumentState) => boolean) {
  const id = Buffer.from(`Document:${documentId}`).toString('base64');
  for (;;) {
    const result = await graphql<{ node: DocumentState | null }>(on, DOCUMENT_QUERY, { id }, token);
    const state = result.data?.node;
    if (!state) throw new Error(`no document: ${JSON.stringify(result)}`);
    if (done(state)) return state;
    await sleep(25);
  }
}

describe('a server killed (SIGKILL) while writing a large document', () => {
  it(
    'completes the document after its restart, every chunk once, and answers about its last page',
    async () => {
      server = await startServerProcess('source', { dataDir, env });
      const login = await api(server, 'POST', '/users/login', { body: { email: 'customer@example.com', password: 'customer-demo-2026' } });
      expect(login.status).toBe(200);
      const token: string = login.body.access_token;
      const bot = await api(server, 'POST', '/bots/save', {
        token,
        body: { name: 'Handbook bot', displayName: 'Hana', useCase: 'customer-support', description: 'Answers staff questions' },
      });
      expect(bot.status).toBe(201);
      const uploaded = await uploadDocument(server, token, bot.body.id, 'handbook.txt', handbookText(9.5 * MiB, LAST_PAGE));
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      const documentId: string = uploaded.body.id;

      // Some batches are written, not all: the crash comes in the middle of the chunks.
      const midway = await documentWhen(server, token, documentId, (state) => state.chunkCount > 0);
      expect(midway.status).toBe('processing');
      expect(midway.chunkCount).toBeLessThan(midway.chunksExpected!);
      const killed = once(server.child, 'exit');
      server.child.kill('SIGKILL');
      await killed;

      server = await startServerProcess('source', { dataDir, env });
      const settled = await documentWhen(server, token, documentId, (state) => state.status !== 'processing' && state.status !== 'pending');
      expect(settled).toEqual({
        status: 'completed',
        errorMessage: null,
        chunkCount: midway.chunksExpected,
        chunksExpected: midway.chunksExpected,
      });
      const answer = await api(
        server,
        'POST',
        `/bots/${bot.body.id}/rag-chat?query=${encodeURIComponent('When does the Zorbian ferry to the staff retreat leave?')}`,
        { token },
      );
      expect(answer.body.response).toContain('7:45');
      expect(await server.stop()).toBe(0);
      server = undefined;

      const database = await createDatabase(scratch ? { url: scratch.url } : { pgliteDataDir: path.join(dataDir, 'pglite') });
      try {
        const [chunks] = await database.prisma.$queryRaw<{ rows: number; ordinals: number }[]>`
          SELECT count(*)::int AS rows, count(DISTINCT "ordinal")::int AS ordinals FROM "chunks" WHERE "documentId" = ${documentId}`;
        expect(chunks).toEqual({ rows: settled.chunkCount, ordinals: settled.chunkCount });
        const document = await database.prisma.document.findUniqueOrThrow({ where: { id: documentId } });
        // The killed run was one try, the restarted server's the second.
        expect(document.processingAttempts).toBe(2);
      } finally {
        await database.close();
      }
    },
    LARGE_DOCUMENT_MS,
  );
});
