import { api, type TestServer } from './harness.ts';

/** Uploads a document through the editor's route, as the browser does. */
export async function uploadDocument(
  server: Pick<TestServer, 'url'>,
  token: string,
  botId: string,
  fileName: string,
  content: Buffer | string,
) {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), fileName);
  const response = await fetch(`${server.url}/api/v1/bots/${botId}/documents`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** Waits until the bot's documents are processed (the queue runs in this process), without fixed sleeps. */
export async function documentsSettled(server: TestServer, botId: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const busy = await server.platform.prisma.document.count({ where: { botId, status: { in: ['pending', 'processing'] } } });
    if (busy === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`documents of bot ${botId} did not settle`);
}

/** A new bot of the token's owner ("Shop assistant", unless `botOverrides` say otherwise), through REST. */
export async function newBot(server: TestServer, token: string, botOverrides: Record<string, unknown> = {}) {
  const created = await api(server, 'POST', '/bots/save', {
    token,
    body: {
      name: 'Shop assistant',
      displayName: 'Ava',
      useCase: 'customer-support',
      description: 'Answers shop questions',
      ...botOverrides,
    },
  });
  if (created.status !== 201) throw new Error(`bot creation failed: ${JSON.stringify(created.body)}`);
  return created.body as { id: string; widgetToken: string };
}

/** A bot with one text document (policies.txt) holding the given facts, ready to answer. */
export async function botWithKnowledge(server: TestServer, token: string, facts: string, botOverrides: Record<string, unknown> = {}) {
  const bot = await newBot(server, token, botOverrides);
  const uploaded = await uploadDocument(server, token, bot.id, 'policies.txt', facts);
  if (uploaded.status !== 201) throw new Error(`upload failed: ${JSON.stringify(uploaded.body)}`);
  await documentsSettled(server, bot.id);
  const document = await server.platform.prisma.document.findUniqueOrThrow({ where: { id: uploaded.body.id } });
  if (document.status !== 'completed') throw new Error(`document ${document.status}: ${document.errorMessage}`);
  return bot;
}

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

export interface DocumentStatusEvent {
  id: string;
  fileName: string;
  status: string;
  errorMessage: string | null;
  chunkCount: number;
  chunksExpected: number | null;
}

export const STATUS_SUBSCRIPTION = `subscription ($botId: ID!) {
  documentStatusChanged(botId: $botId) { id fileName status errorMessage chunkCount chunksExpected sizeBytes createdAt }
}`;

/** Collects a bot's document status events (over graphql-ws, signed in with `token`) and lets a test wait for the one it expects. */
export function watchDocumentStatus(server: Pick<TestServer, 'subscriptions'>, bot: string, token: string) {
  const events: DocumentStatusEvent[] = [];
  const waiters: { predicate: (event: DocumentStatusEvent) => boolean; resolve: (event: DocumentStatusEvent) => void }[] = [];
  let failure: unknown;
  const iterator = server.subscriptions(token).iterate<{ documentStatusChanged: DocumentStatusEvent }>({
    query: STATUS_SUBSCRIPTION,
    variables: { botId: globalId('Bot', bot) },
  });
  const pump = (async () => {
    for await (const result of iterator) {
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      const event = result.data!.documentStatusChanged;
      events.push(event);
      for (const waiter of waiters.filter((candidate) => candidate.predicate(event))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  })().catch((error: unknown) => {
    failure = error;
  });
  return {
    events,
    /** Resolves with the first event (already received or to come) for which `predicate` holds. */
    next(predicate: (event: DocumentStatusEvent) => boolean): Promise<DocumentStatusEvent> {
      if (failure) return Promise.reject(failure);
      const seen = events.find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ predicate, resolve }));
    },
    settled(documentId: string): Promise<DocumentStatusEvent> {
      return this.next(
        (event) => event.id === globalId('Document', documentId) && (event.status === 'completed' || event.status === 'failed'),
      );
    },
    /** The events of one document, in the order they came. */
    of(documentId: string): DocumentStatusEvent[] {
      return events.filter((event) => event.id === globalId('Document', documentId));
    },
    async close() {
      await iterator.return?.();
      await pump;
    },
  };
}
