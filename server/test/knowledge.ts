import { api, type TestServer } from './harness.ts';

/** Uploads a document through the editor's route, as the browser does. */
export async function uploadDocument(server: TestServer, token: string, botId: string, fileName: string, content: Buffer | string) {
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

/** A bot with one text document holding the given facts, ready to answer. */
export async function botWithKnowledge(server: TestServer, token: string, facts: string, botOverrides: Record<string, unknown> = {}) {
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
  const uploaded = await uploadDocument(server, token, created.body.id, 'policies.txt', facts);
  if (uploaded.status !== 201) throw new Error(`upload failed: ${JSON.stringify(uploaded.body)}`);
  await documentsSettled(server, created.body.id);
  const document = await server.platform.prisma.document.findUniqueOrThrow({ where: { id: uploaded.body.id } });
  if (document.status !== 'completed') throw new Error(`document ${document.status}: ${document.errorMessage}`);
  return created.body as { id: string; widgetToken: string };
}
