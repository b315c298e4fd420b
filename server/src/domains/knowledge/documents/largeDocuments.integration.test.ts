import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, signUp, type TestAccount } from '../../../../test/accounts.ts';
import { handbookDocx, handbookText, MiB } from '../../../../test/documentFixtures.ts';
import { api, startTestServer, type TestServer } from '../../../../test/harness.ts';
import { uploadDocument, watchDocumentStatus } from '../../../../test/knowledge.ts';

// Uploads near the 10 MB limit become searchable on either database: their chunks are written in
// batches of bounded size, never in one transaction as long as the file, and the customer sees them
// come in. (The same files survive a crash mid-way: restart.integration.test.ts.)

/** Generous room for a near-10 MB document on a loaded machine; the test waits for events, it does not time them. */
const LARGE_DOCUMENT_MS = 600_000;

let server: TestServer;
let owner: TestAccount;
let botId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server, 'Handbook Owner');
  await grantSubscription(server, owner.userId, 'Pro');
  const created = await api(server, 'POST', '/bots/save', {
    token: owner.accessToken,
    body: { name: 'Handbook bot', displayName: 'Hana', useCase: 'customer-support', description: 'Answers staff questions' },
  });
  expect(created.status).toBe(201);
  botId = created.body.id;
});

afterAll(async () => {
  await server?.close();
});

const ask = async (query: string) =>
  (await api(server, 'POST', `/bots/${botId}/rag-chat?query=${encodeURIComponent(query)}`, { token: owner.accessToken })).body
    .response as string;

/** Uploads a file, follows its status to the end and checks it was written whole, each chunk once, with its progress shown on the way. */
async function ingest(fileName: string, file: Buffer | string) {
  const watcher = watchDocumentStatus(server, botId, owner.accessToken);
  try {
    const uploaded = await uploadDocument(server, owner.accessToken, botId, fileName, file);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const documentId: string = uploaded.body.id;
    const settled = await watcher.settled(documentId);
    expect(settled).toMatchObject({ status: 'completed', errorMessage: null, fileName });
    expect(settled.chunkCount).toBe(settled.chunksExpected);

    // Progress came batch by batch, never backwards within a run, and reached the whole.
    const progress = watcher.of(documentId).filter((event) => event.status === 'processing' && event.chunksExpected !== null);
    expect(progress.some((event) => event.chunkCount > 0 && event.chunkCount < event.chunksExpected!)).toBe(true);
    const written = progress.map((event) => event.chunkCount);
    expect(written).toEqual([...written].sort((a, b) => a - b));

    const [chunks] = await server.platform.prisma.$queryRaw<{ rows: number; ordinals: number; last: number }[]>`
      SELECT count(*)::int AS rows, count(DISTINCT "ordinal")::int AS ordinals, max("ordinal")::int AS last
      FROM "chunks" WHERE "documentId" = ${documentId}`;
    expect(chunks).toEqual({ rows: settled.chunkCount, ordinals: settled.chunkCount, last: settled.chunkCount - 1 });
    return settled;
  } finally {
    await watcher.close();
  }
}

describe('documents near the 10 MB limit', () => {
  it(
    'makes a 9.5 MB plain-text handbook searchable, with its progress shown, and answers about its last page',
    async () => {
      const text = handbookText(
        9.5 * MiB,
        'Closing notes. The Zorbian ferry to the staff retreat leaves pier nineteen at 7:45 every Thursday.',
      );
      expect(text.split('\n').length).toBeGreaterThan(50_000);
      const settled = await ingest('handbook.txt', text);
      expect(settled.chunkCount).toBeGreaterThan(10_000);
      expect(await ask('When does the Zorbian ferry to the staff retreat leave?')).toContain('7:45');
    },
    LARGE_DOCUMENT_MS,
  );

  it(
    'makes a 10 MB Word handbook (prose and photos) searchable and answers about its last page',
    async () => {
      const docx = handbookDocx(
        10 * MiB - 8 * 1024,
        'Last page. Lost badges are replaced by the Quillton desk on floor twelve for a fee of 35 euros.',
      );
      expect(docx.length).toBeGreaterThan(9.9 * MiB);
      await ingest('handbook.docx', docx);
      expect(await ask('Where are lost badges replaced, and for what fee?')).toContain('35 euros');
    },
    LARGE_DOCUMENT_MS,
  );
});
