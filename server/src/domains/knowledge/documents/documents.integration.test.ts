import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, graphql, startTestServer, type TestServer } from '../../../../test/harness.ts';
import {
  corruptPdf,
  docxOfRepeatedParagraph,
  docxWith,
  encryptedPdf,
  MiB,
  pdfOfRepeatedLine,
  pdfWithPages,
  windowsExecutable,
} from '../../../../test/documentFixtures.ts';
import { STATUS_SUBSCRIPTION, watchDocumentStatus } from '../../../../test/knowledge.ts';
import { documentBlobKey, MAX_PROCESSING_ATTEMPTS, UPLOAD_MESSAGES } from './ingestion.ts';

let server: TestServer;

interface Account {
  token: string;
  userId: string;
}

let customer: Account;
let stranger: Account;
let botId: string;
let otherBotId: string;

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

beforeAll(async () => {
  server = await startTestServer();
  customer = await logIn('customer@example.com', 'customer-demo-2026');
  stranger = await registeredCustomer();
  botId = await createBot(customer.userId, 'Knowledge bot');
  otherBotId = await createBot(customer.userId, 'Second bot');
});

afterAll(async () => {
  await server?.close();
});

async function logIn(email: string, password: string): Promise<Account> {
  const login = await api(server, 'POST', '/users/login', { body: { email, password } });
  expect(login.status).toBe(200);
  return { token: login.body.access_token, userId: login.body.user.id };
}

async function registeredCustomer(): Promise<Account> {
  const email = `stranger-${Date.now()}@example.org`;
  const password = 'a long enough password';
  expect((await api(server, 'POST', '/users/register', { body: { email, password, full_name: 'Stranger' } })).status).toBe(201);
  const mail = (await server.outbox()).filter((message) => message.to === email).at(-1);
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  expect((await api(server, 'POST', `/users/verify-email/confirm/${token}`)).status).toBe(200);
  return logIn(email, password);
}

async function createBot(ownerId: string, name: string): Promise<string> {
  const bot = await server.platform.prisma.bot.create({
    data: { ownerId, name, displayName: name, useCase: 'faq-bot', widgetToken: randomUUID() },
  });
  return bot.id;
}

async function upload(bot: string, fileName: string, data: Buffer, token = customer.token, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)]), fileName);
  const response = await fetch(`${server.url}/api/v1/bots/${bot}/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250) + 1}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** Collects a bot's document status events (see test/knowledge.ts), as the customer unless told. */
const watchDocuments = (bot: string, token = customer.token) => watchDocumentStatus(server, bot, token);

async function chunkCount(documentId: string): Promise<number> {
  return server.platform.prisma.chunk.count({ where: { documentId } });
}

async function vectorCount(bot: string, sourceId: string): Promise<number> {
  const { knowledge } = server.services;
  const embedding = await knowledge.index.embeddings.embedQuery('anything at all');
  const matches = await server.platform.vectors.query(knowledge.index.collectionFor(bot), embedding, {
    topK: 100,
    where: { bot_id: bot, source_id: sourceId },
  });
  return matches.length;
}

const FACTS = {
  pdf: {
    fileName: 'ferries.pdf',
    file: () =>
      pdfWithPages([
        'Timetable of the northern ferries. Boats leave from the harbour every morning.',
        'The Zorbian ferry to Quillton departs at 7:45 from pier nineteen, every day except Sunday.',
      ]),
    question: 'When does the ferry to Quillton depart?',
    fact: 'Quillton departs at 7:45',
    page: 2,
  },
  docx: {
    fileName: 'warranty.docx',
    file: () =>
      docxWith([
        { heading: 'Warranty', paragraphs: ['The warranty for the Kestrel-9 blender lasts thirty-one months from purchase.'] },
        { heading: 'Care', paragraphs: ['Rinse the jug after each use.'] },
      ]),
    question: 'How long is the Kestrel-9 blender warranty?',
    fact: 'Kestrel-9 blender lasts thirty-one months',
    page: null,
  },
  txt: {
    fileName: 'office.txt',
    file: async () => Buffer.from('Notes about the Lisbon office.\n\nOur office cat is named Pastelito and loves sardines.\n'),
    question: 'What is the name of the office cat?',
    fact: 'cat is named Pastelito',
    page: null,
  },
  md: {
    fileName: 'visitors.md',
    file: async () => Buffer.from('# Visitors\n\nWelcome!\n\n## Parking\n\nVisitors park in the violet garage on level minus three.\n'),
    question: 'Where can visitors park their car?',
    fact: 'violet garage',
    page: null,
  },
} as const;

const uploaded: Record<keyof typeof FACTS, string> = { pdf: '', docx: '', txt: '', md: '' };

describe('documents: upload, live status, retrieval, deletion', () => {
  it('uploads a PDF, a DOCX, a TXT and an MD and watches each reach completed over documentStatusChanged', async () => {
    const watcher = watchDocuments(botId);
    for (const [kind, fact] of Object.entries(FACTS) as [keyof typeof FACTS, (typeof FACTS)[keyof typeof FACTS]][]) {
      const response = await upload(botId, fact.fileName, await fact.file());
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(String),
        file_name: fact.fileName,
        status: 'pending',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        error_message: null,
      });
      uploaded[kind] = response.body.id;
    }
    for (const [kind, id] of Object.entries(uploaded)) {
      const settled = await watcher.settled(id);
      expect(settled, kind).toMatchObject({
        status: 'completed',
        errorMessage: null,
        fileName: FACTS[kind as keyof typeof FACTS].fileName,
      });
      expect(settled.chunkCount).toBeGreaterThan(0);
      // Nothing jumps back once completed, and each went through processing first (or was already done when we subscribed).
      const statuses = watcher.events.filter((event) => event.id === globalId('Document', id)).map((event) => event.status);
      expect(statuses.indexOf('completed')).toBe(statuses.length - 1);
    }
    await watcher.close();

    const stored = await server.platform.prisma.document.findMany({ where: { botId }, orderBy: { createdAt: 'asc' } });
    expect(stored.map((document) => [document.fileName, document.status])).toEqual(
      Object.values(FACTS).map((fact) => [fact.fileName, 'completed']),
    );
    expect(stored.find((document) => document.fileName === 'ferries.pdf')?.pageCount).toBe(2);
    expect(await server.services.knowledge.documentsOf(botId)).toHaveLength(4);
  });

  it('finds the fact of each document with the retrieval service, with its source', async () => {
    for (const [kind, fact] of Object.entries(FACTS) as [keyof typeof FACTS, (typeof FACTS)[keyof typeof FACTS]][]) {
      const results = await server.services.knowledge.retrieve(botId, fact.question, { topK: 3 });
      expect(results.length, kind).toBeGreaterThan(0);
      const top = results[0]!;
      expect(top.content, kind).toContain(fact.fact);
      expect(top.source).toEqual({ type: 'document', id: uploaded[kind], title: fact.fileName, url: null, page: fact.page });
      expect(top.vectorScore, kind).not.toBeNull();
      expect(top.textRank, kind).not.toBeNull();
      expect(await vectorCount(botId, uploaded[kind])).toBeGreaterThan(0);
    }
    // Another bot's search sees none of it.
    expect(await server.services.knowledge.retrieve(otherBotId, FACTS.txt.question)).toEqual([]);
  });

  it('finds nothing of a document that is not completed, its chunks written or not', async () => {
    const { prisma } = server.platform;
    await prisma.document.update({ where: { id: uploaded.md }, data: { status: 'processing' } });
    try {
      // A question not asked before: no cached result stands in for the search.
      const results = await server.services.knowledge.retrieve(botId, 'Which garage do visitors park in?', { topK: 5 });
      expect(results.map((result) => result.source.id)).not.toContain(uploaded.md);
      expect(await prisma.chunk.count({ where: { documentId: uploaded.md } })).toBeGreaterThan(0);
    } finally {
      await prisma.document.update({ where: { id: uploaded.md }, data: { status: 'completed' } });
    }
    const found = await server.services.knowledge.retrieve(botId, 'Which garage do visitors park in, please?', { topK: 5 });
    expect(found[0]?.source.id).toBe(uploaded.md);
  });

  it('lists the documents on the bot over GraphQL for its owner', async () => {
    const result = await graphql(
      server,
      `
        query ($id: ID!) {
          node(id: $id) {
            ... on Bot {
              documents(first: 10) {
                totalCount
                edges {
                  node {
                    id
                    fileName
                    status
                    chunkCount
                    sizeBytes
                    errorMessage
                  }
                }
              }
            }
          }
        }
      `,
      { id: globalId('Bot', botId) },
      customer.token,
    );
    expect(result.errors).toBeUndefined();
    const connection = result.data.node.documents;
    expect(connection.totalCount).toBe(4);
    expect(connection.edges.map((edge: any) => edge.node.fileName)).toEqual(['visitors.md', 'office.txt', 'warranty.docx', 'ferries.pdf']);
    expect(connection.edges.every((edge: any) => edge.node.status === 'completed' && edge.node.sizeBytes > 0)).toBe(true);
  });

  it('refuses the same content twice in one bot, clearly, but accepts it in another bot', async () => {
    const again = await upload(botId, 'office-copy.txt', await FACTS.txt.file());
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This file is already in the bot\'s knowledge: "office.txt" has the same content.');
    expect(await server.platform.prisma.document.count({ where: { botId } })).toBe(4);

    const elsewhere = await upload(otherBotId, 'office.txt', await FACTS.txt.file());
    expect(elsewhere.status).toBe(201);
    const watcher = watchDocuments(otherBotId);
    expect((await watcher.settled(elsewhere.body.id)).status).toBe('completed');
    await watcher.close();
  });

  it('lets only one of two simultaneous uploads of the same content in', async () => {
    const content = Buffer.from(`Simultaneous upload ${randomUUID()}: the spare key is under the blue flowerpot.`);
    const answers = await Promise.all([upload(otherBotId, 'a.txt', content), upload(otherBotId, 'b.txt', content)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const watcher = watchDocuments(otherBotId);
    const created = answers.find((answer) => answer.status === 201)!;
    expect((await watcher.settled(created.body.id)).status).toBe('completed');
    await watcher.close();
  });

  it('deletes a document with its chunks, vectors and file, and its fact is gone', async () => {
    const id = uploaded.txt;
    const document = await server.platform.prisma.document.findUniqueOrThrow({ where: { id } });
    expect(await server.platform.blobs.exists(document.storageKey)).toBe(true);
    expect(await chunkCount(id)).toBeGreaterThan(0);

    const wrongBot = await api(server, 'DELETE', `/bots/${otherBotId}/documents/${id}`, { token: customer.token });
    expect(wrongBot.status).toBe(404);

    const deleted = await api(server, 'DELETE', `/bots/${botId}/documents/${id}`, { token: customer.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Document deleted', id });

    expect(await server.platform.prisma.document.count({ where: { id } })).toBe(0);
    expect(await chunkCount(id)).toBe(0);
    expect(await vectorCount(botId, id)).toBe(0);
    expect(await server.platform.blobs.exists(document.storageKey)).toBe(false);
    const results = await server.services.knowledge.retrieve(botId, FACTS.txt.question, { topK: 10 });
    expect(results.some((result) => result.content.includes(FACTS.txt.fact))).toBe(false);
    // The other documents are untouched.
    expect((await server.services.knowledge.retrieve(botId, FACTS.md.question))[0]?.content).toContain(FACTS.md.fact);

    const again = await api(server, 'DELETE', `/bots/${botId}/documents/${id}`, { token: customer.token });
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe('Document not found');
  });

  it('deletes a document over GraphQL', async () => {
    const id = uploaded.md;
    const result = await graphql(
      server,
      `
        mutation ($id: ID!) {
          deleteDocument(id: $id) {
            __typename
            ... on DeletedDocumentPayload {
              deletedId
            }
            ... on Error {
              message
            }
          }
        }
      `,
      { id: globalId('Document', id) },
      customer.token,
    );
    expect(result.data.deleteDocument).toEqual({ __typename: 'DeletedDocumentPayload', deletedId: globalId('Document', id) });
    expect(await chunkCount(id)).toBe(0);
    expect(await vectorCount(botId, id)).toBe(0);
  });
});

describe('documents: bad files get clear errors and leave nothing behind', () => {
  async function leftovers(bot: string) {
    const documents = await server.platform.prisma.document.findMany({ where: { botId: bot }, select: { id: true, status: true } });
    return { documents: documents.length, chunks: await server.platform.prisma.chunk.count({ where: { botId: bot } }) };
  }

  it.each([
    {
      name: 'an empty file',
      file: () => Buffer.alloc(0),
      fileName: 'empty.txt',
      status: 400,
      detail: 'The file is empty.',
    },
    {
      name: 'an .exe renamed .pdf',
      file: windowsExecutable,
      fileName: 'invoice.pdf',
      status: 415,
      detail: 'Unsupported file type (the content is EXE). Accepted types: PDF, DOCX, TXT, MD.',
    },
    {
      name: 'an image',
      file: () => Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
      fileName: 'photo.md',
      status: 415,
      detail: 'Unsupported file type (the content is PNG). Accepted types: PDF, DOCX, TXT, MD.',
    },
    {
      name: 'an 11 MB file',
      file: () => Buffer.alloc(11 * 1024 * 1024, 'a'),
      fileName: 'huge.txt',
      status: 413,
      detail: 'File too large: documents can be at most 10 MB.',
    },
  ])('answers $status for $name', async ({ file, fileName, status, detail }) => {
    const before = await leftovers(botId);
    const response = await upload(botId, fileName, file());
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ detail });
    expect(await leftovers(botId)).toEqual(before);
  });

  it('answers 503 with a clear detail when the job queue (Redis) refuses the upload, and keeps no document', async () => {
    const before = await leftovers(botId);
    const refusal = vi.spyOn(server.platform.queue, 'enqueue').mockRejectedValueOnce(new Error('Connection is closed.'));
    try {
      const response = await upload(botId, 'queue-down.txt', Buffer.from('The queue is away today.'));
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ detail: UPLOAD_MESSAGES.queueUnavailable });
    } finally {
      refusal.mockRestore();
    }
    expect(await leftovers(botId)).toEqual(before);
  });

  it('answers 400 when the multipart has no file field', async () => {
    const response = await upload(botId, 'notes.txt', Buffer.from('hello'), customer.token, 'attachment');
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/multipart field "file"/);
  });

  it.each([
    {
      name: 'a password-protected PDF',
      fileName: 'locked.pdf',
      file: async () => encryptedPdf('The vault code is 7781.'),
      message: /password-protected/,
    },
    { name: 'a corrupt PDF', fileName: 'broken.pdf', file: async () => corruptPdf(), message: /damaged or is not a valid PDF/ },
    { name: 'a PDF without text', fileName: 'scan.pdf', file: async () => pdfWithPages(['', '']), message: /No text could be found/ },
    {
      name: 'a whitespace-only text',
      fileName: 'blank.txt',
      file: async () => Buffer.from('   \n\n \t '),
      message: /No text could be found/,
    },
  ])('fails $name with a useful message, storing no chunks, vectors or file', async ({ fileName, file, message }) => {
    const watcher = watchDocuments(botId);
    const response = await upload(botId, fileName, await file());
    expect(response.status).toBe(201);
    const settled = await watcher.settled(response.body.id);
    await watcher.close();
    expect(settled.status).toBe('failed');
    expect(settled.errorMessage).toMatch(message);
    const document = await server.platform.prisma.document.findUniqueOrThrow({ where: { id: response.body.id } });
    expect(document).toMatchObject({ status: 'failed', chunkCount: 0 });
    expect(await chunkCount(document.id)).toBe(0);
    expect(await vectorCount(botId, document.id)).toBe(0);
    expect(await server.platform.blobs.exists(document.storageKey)).toBe(false);
    const bot = await api(server, 'GET', `/bots/${botId}`, { token: customer.token });
    expect(bot.body.documents.find((json: { id: string }) => json.id === document.id)).toMatchObject({
      status: 'failed',
      error_message: expect.stringMatching(message),
    });
    // The failure is published to the customer first, then written to the admin's log.
    await vi.waitFor(
      async () => {
        const logged = await server.platform.prisma.systemEvent.findFirst({
          where: { event: `Document processing failed: ${fileName}` },
          orderBy: { timestamp: 'desc' },
        });
        expect(logged).toMatchObject({ category: 'knowledge', details: expect.stringMatching(message) });
      },
      { timeout: 30_000, interval: 25 },
    );
  });
});

describe('documents: another customer can touch none of it', () => {
  let documentId: string;

  beforeAll(async () => {
    documentId = (await server.platform.prisma.document.findFirstOrThrow({ where: { botId, status: 'completed' } })).id;
  });

  it('answers 404 on every document route', async () => {
    const uploadAttempt = await upload(botId, 'mine-now.txt', Buffer.from('intruder text'), stranger.token);
    expect(uploadAttempt.status).toBe(404);
    expect(uploadAttempt.body).toEqual({ detail: 'Bot Not Saved: Please Save the Bot to Upload Documents' });

    const deleteAttempt = await api(server, 'DELETE', `/bots/${botId}/documents/${documentId}`, { token: stranger.token });
    expect(deleteAttempt.status).toBe(404);

    expect(await server.platform.prisma.document.count({ where: { id: documentId } })).toBe(1);
    expect(await server.platform.prisma.document.count({ where: { fileName: 'mine-now.txt' } })).toBe(0);
  });

  it('answers 404 "Bot Not Saved" for a bot that does not exist, and 401 without a token', async () => {
    const missing = await upload(randomUUID(), 'a.txt', Buffer.from('text'));
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Bot Not Saved: Please Save the Bot to Upload Documents');
    const anonymous = await api(server, 'DELETE', `/bots/${botId}/documents/${documentId}`);
    expect(anonymous.status).toBe(401);
  });

  it('cannot see, delete or subscribe over GraphQL', async () => {
    const read = await graphql(
      server,
      `
        query ($doc: ID!, $bot: ID!) {
          doc: node(id: $doc) {
            id
            ... on Document {
              fileName
            }
          }
          bot: node(id: $bot) {
            id
          }
        }
      `,
      { doc: globalId('Document', documentId), bot: globalId('Bot', botId) },
      stranger.token,
    );
    expect(read.errors).toBeUndefined();
    expect(read.data).toEqual({ doc: null, bot: null });
    expect(JSON.stringify(read)).not.toContain('ferries.pdf');

    const deletion = await graphql(
      server,
      `
        mutation ($id: ID!) {
          deleteDocument(id: $id) {
            __typename
            ... on Error {
              message
            }
          }
        }
      `,
      { id: globalId('Document', documentId) },
      stranger.token,
    );
    expect(deletion.data.deleteDocument).toEqual({ __typename: 'NotFoundError', message: 'Document not found' });
    expect(await server.platform.prisma.document.count({ where: { id: documentId } })).toBe(1);

    for (const token of [stranger.token, undefined]) {
      const iterator = server.subscriptions(token).iterate({ query: STATUS_SUBSCRIPTION, variables: { botId: globalId('Bot', botId) } });
      const result = await iterator.next().catch((error: unknown) => ({ error }));
      const errors = 'error' in result ? result.error : result.value?.errors;
      expect(JSON.stringify(errors)).toMatch(token ? /Bot not found/ : /Authentication required/);
      expect(JSON.stringify(result)).not.toContain('ferries.pdf');
    }
  });
});

describe('documents: decompression bombs fail alone, and the server answers all along', () => {
  let bombBotId: string;

  beforeAll(async () => {
    bombBotId = await createBot(customer.userId, 'Bomb bot');
  });

  /**
   * Calls /healthz one call after another until `work` settles: every status, and the slowest
   * answer (logged, not asserted: timings make CI flaky).
   */
  async function healthzDuring<T>(work: Promise<T>): Promise<{ result: T; statuses: number[]; slowestMs: number }> {
    let settled = false;
    const done = work.finally(() => {
      settled = true;
    });
    // Awaited below; this only keeps an early rejection from counting as unhandled meanwhile.
    done.catch(() => undefined);
    const statuses: number[] = [];
    let slowestMs = 0;
    while (!settled) {
      const started = performance.now();
      statuses.push((await fetch(`${server.url}/healthz`)).status);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { result: await done, statuses, slowestMs: Math.round(slowestMs) };
  }

  it.each([
    { name: 'a DOCX whose document.xml inflates to 300 MiB', fileName: 'bomb.docx', file: () => docxOfRepeatedParagraph(300 * MiB) },
    {
      name: 'a DOCX whose document.xml declares 1 MiB but inflates to 300 MiB',
      fileName: 'lying.docx',
      file: () => docxOfRepeatedParagraph(300 * MiB, { declaredSize: MiB }),
    },
    { name: 'a PDF whose content stream inflates to 100 MiB', fileName: 'bomb.pdf', file: () => pdfOfRepeatedLine(100 * MiB) },
  ])('fails $name as too large once uncompressed', async ({ fileName, file }) => {
    const data = await file();
    expect(data.length).toBeLessThan(MiB);
    const watcher = watchDocuments(bombBotId);
    const response = await upload(bombBotId, fileName, data);
    expect(response.status).toBe(201);
    const { result: settled, statuses, slowestMs } = await healthzDuring(watcher.settled(response.body.id));
    await watcher.close();
    console.info(`${fileName}: ${statuses.length} /healthz calls while it was processed, the slowest answered in ${slowestMs} ms`);

    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(settled).toMatchObject({ status: 'failed', errorMessage: expect.stringMatching(/^This file is too large once uncompressed: /) });
    const document = await server.platform.prisma.document.findUniqueOrThrow({ where: { id: response.body.id } });
    expect(document).toMatchObject({ status: 'failed', chunkCount: 0, processingAttempts: 1 });
    expect(await chunkCount(document.id)).toBe(0);
    expect(await server.platform.blobs.exists(document.storageKey)).toBe(false);
    // Still up, and the customer sees why.
    const bot = await api(server, 'GET', `/bots/${bombBotId}`, { token: customer.token });
    expect(bot.status).toBe(200);
    expect(bot.body.documents.find((json: any) => json.id === document.id)).toMatchObject({
      status: 'failed',
      error_message: expect.stringMatching(/too large once uncompressed/),
    });
  });
});

describe('documents: temporary problems', () => {
  it('retries a document after a temporary failure, saying so while it waits, then completes it with its chunks once', async () => {
    const { index } = server.services.knowledge;
    // The first try meets a database connection that dropped: a temporary problem.
    const spy = vi.spyOn(index, 'indexSections').mockImplementationOnce(async () => {
      throw new Error('Connection terminated unexpectedly');
    });
    const watcher = watchDocuments(otherBotId);
    try {
      const uploaded = await upload(
        otherBotId,
        'ferry-times.txt',
        Buffer.from(`The night ferry to Quillby leaves at 23:10 (${randomUUID()}).`),
      );
      expect(uploaded.status).toBe(201);
      const waiting = await watcher.next(
        (event) => event.id === globalId('Document', uploaded.body.id) && event.status === 'processing' && event.errorMessage !== null,
      );
      expect(waiting.errorMessage).toBe(
        'A temporary problem interrupted processing (try 1 of 3). It is tried again in 2 seconds: nothing to do for now.',
      );
      const settled = await watcher.settled(uploaded.body.id);
      expect(settled).toMatchObject({ status: 'completed', errorMessage: null, chunkCount: 1, chunksExpected: 1 });
      expect(await chunkCount(uploaded.body.id)).toBe(1);
      expect(await server.platform.prisma.document.findUniqueOrThrow({ where: { id: uploaded.body.id } })).toMatchObject({
        processingAttempts: 2,
      });
    } finally {
      spy.mockRestore();
      await watcher.close();
    }
  });
});

describe('documents: restart recovery', () => {
  it('resumes documents left pending or processing and fails those whose file is gone', async () => {
    const { prisma, blobs } = server.platform;
    const text = Buffer.from('The lighthouse keeper of Brindlecove is called Marguerite.');
    const interrupted = await prisma.document.create({
      data: {
        id: randomUUID(),
        botId: otherBotId,
        fileName: 'lighthouse.txt',
        mimeType: 'text/plain',
        sizeBytes: text.length,
        contentHash: 'h1',
        storageKey: 'x',
        status: 'processing',
      },
    });
    const storageKey = documentBlobKey(otherBotId, interrupted.id);
    await prisma.document.update({ where: { id: interrupted.id }, data: { storageKey } });
    await blobs.put(storageKey, text);
    const lost = await prisma.document.create({
      data: {
        botId: otherBotId,
        fileName: 'lost.txt',
        mimeType: 'text/plain',
        sizeBytes: 4,
        contentHash: 'h2',
        storageKey: documentBlobKey(otherBotId, randomUUID()),
        status: 'pending',
      },
    });

    const watcher = watchDocuments(otherBotId);
    const outcome = await server.services.knowledge.recoverInterruptedWork();
    expect(outcome).toEqual({ resumed: 1, failed: 1 });
    expect(await watcher.settled(interrupted.id)).toMatchObject({ status: 'completed' });
    expect(await watcher.settled(lost.id)).toMatchObject({ status: 'failed', errorMessage: expect.stringMatching(/upload it again/) });
    await watcher.close();

    const [top] = await server.services.knowledge.retrieve(otherBotId, 'Who keeps the lighthouse?');
    expect(top?.content).toContain('Marguerite');
    expect(await prisma.document.count({ where: { status: { in: ['pending', 'processing'] } } })).toBe(0);
    expect(await prisma.document.findUniqueOrThrow({ where: { id: interrupted.id } })).toMatchObject({ processingAttempts: 1 });
  });

  /** A document a stopped process left in progress, its file stored, after `processingAttempts` tries. */
  async function interruptedDocument(status: 'pending' | 'processing', processingAttempts: number) {
    const text = Buffer.from(`The harbour master of Brindlecove is called Ottoline (${randomUUID()}).`);
    const id = randomUUID();
    const storageKey = documentBlobKey(otherBotId, id);
    await server.platform.blobs.put(storageKey, text);
    return server.platform.prisma.document.create({
      data: {
        id,
        botId: otherBotId,
        fileName: 'harbour.txt',
        mimeType: 'text/plain',
        sizeBytes: text.length,
        contentHash: id,
        storageKey,
        status,
        processingAttempts,
      },
    });
  }

  it(`fails, instead of resuming, a document already tried ${MAX_PROCESSING_ATTEMPTS} times: it may be what stopped the process`, async () => {
    const { prisma } = server.platform;
    const document = await interruptedDocument('processing', MAX_PROCESSING_ATTEMPTS);

    const watcher = watchDocuments(otherBotId);
    expect(await server.services.knowledge.recoverInterruptedWork()).toEqual({ resumed: 0, failed: 1 });
    expect(await watcher.settled(document.id)).toMatchObject({
      status: 'failed',
      errorMessage: expect.stringMatching(/^The document could not be processed after 3 attempts/),
    });
    await watcher.close();
    await server.platform.queue.onIdle?.();

    // Not tried again: no attempt counted, no chunk, and its file is gone.
    expect(await prisma.document.findUniqueOrThrow({ where: { id: document.id } })).toMatchObject({
      status: 'failed',
      processingAttempts: MAX_PROCESSING_ATTEMPTS,
      chunkCount: 0,
    });
    expect(await chunkCount(document.id)).toBe(0);
    expect(await server.platform.blobs.exists(document.storageKey)).toBe(false);
  });

  it(`fails a queued document already tried ${MAX_PROCESSING_ATTEMPTS} times instead of trying again`, async () => {
    const document = await interruptedDocument('pending', MAX_PROCESSING_ATTEMPTS);
    await server.services.knowledge.ingestion.process(document.id);
    expect(await server.platform.prisma.document.findUniqueOrThrow({ where: { id: document.id } })).toMatchObject({
      status: 'failed',
      processingAttempts: MAX_PROCESSING_ATTEMPTS,
      errorMessage: expect.stringMatching(/after 3 attempts/),
    });
    expect(await chunkCount(document.id)).toBe(0);
  });

  it('counts an attempt before each try, so a document one try short of the limit is still processed', async () => {
    const document = await interruptedDocument('processing', MAX_PROCESSING_ATTEMPTS - 1);
    await server.services.knowledge.ingestion.process(document.id);
    expect(await server.platform.prisma.document.findUniqueOrThrow({ where: { id: document.id } })).toMatchObject({
      status: 'completed',
      processingAttempts: MAX_PROCESSING_ATTEMPTS,
    });
  });
});
