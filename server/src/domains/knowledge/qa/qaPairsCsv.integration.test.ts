import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../../test/accounts.ts';
import { newBot } from '../../../../test/knowledge.ts';
import { api, startTestServer, type TestServer } from '../../../../test/harness.ts';

// Q&A pairs in and out as CSV through REST: all or nothing, an import of an export adding nothing twice.

let server: TestServer;
let owner: TestAccount;
let stranger: TestAccount;
let botId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server, 'Csv Owner');
  stranger = await signUp(server, 'Csv Stranger');
  botId = (await newBot(server, owner.accessToken)).id;
});

afterAll(async () => {
  await server?.close();
});

const importCsv = (csv: unknown, token = owner.accessToken, bot = botId) =>
  api(server, 'POST', `/bots/${bot}/qa-pairs/import`, { token, body: { csv } });

describe('Q&A pairs as CSV', () => {
  it('imports a file, exports it back, and an import of the export only updates', async () => {
    const imported = await importCsv('question,answer\nDo you ship?,Yes.\n"Price, please?","12 euros, taxes included."\n');
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toEqual({ created: 2, updated: 0 });

    const exported = await api(server, 'GET', `/bots/${botId}/qa-pairs/export`, { token: owner.accessToken });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('text/csv');
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="qa-pairs.csv"');
    const csv = exported.body as string;
    expect(csv).toContain('Do you ship?');
    expect(csv).toContain('"Price, please?"');

    const again = await importCsv(csv.replace('Yes.', '"Yes, within 2 days."'));
    expect(again.body).toEqual({ created: 0, updated: 2 });
    const pairs = await server.platform.prisma.qaPair.findMany({ where: { botId }, orderBy: { createdAt: 'asc' } });
    expect(pairs.map((pair) => pair.answer)).toEqual(['Yes, within 2 days.', '12 euros, taxes included.']);
  });

  it('refuses a file with a bad row with a 400 naming the row, and imports none of it', async () => {
    const before = await server.platform.prisma.qaPair.count({ where: { botId } });
    const refused = await importCsv('question,answer\nNew question?,New answer.\n,No question\n');
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Some rows cannot be imported; nothing was imported. row 3: Question is required.');
    expect(await server.platform.prisma.qaPair.count({ where: { botId } })).toBe(before);
  });

  it("is another customer's bot's as a missing one's: 404, nothing imported or exported", async () => {
    const before = await server.platform.prisma.qaPair.count({ where: { botId } });
    const imported = await importCsv('question,answer\nSpam?,Spam.\n', stranger.accessToken);
    expect(imported.status).toBe(404);
    expect(imported.body.detail).toBe('Bot not found');
    const exported = await api(server, 'GET', `/bots/${botId}/qa-pairs/export`, { token: stranger.accessToken });
    expect(exported.status).toBe(404);
    expect(await server.platform.prisma.qaPair.count({ where: { botId } })).toBe(before);
  });

  it('goes with a duplicate of the bot', async () => {
    const copy = await api(server, 'POST', `/bots/${botId}/duplicate`, { token: owner.accessToken });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    const exported = await api(server, 'GET', `/bots/${copy.body.id}/qa-pairs/export`, { token: owner.accessToken });
    const original = await api(server, 'GET', `/bots/${botId}/qa-pairs/export`, { token: owner.accessToken });
    expect(exported.body).toBe(original.body);
    expect(exported.body).toContain('Do you ship?');
  });
});
