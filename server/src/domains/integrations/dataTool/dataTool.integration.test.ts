import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, signUp, type TestAccount } from '../../../../test/accounts.ts';
import { startFakeGoogle, type FakeGoogle } from '../../../../test/fakeGoogle.ts';
import { startFakeNotion, type FakeNotion } from '../../../../test/fakeNotion.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../test/fakeOpenAI.ts';
import { connectGoogle } from '../../../../test/googleConnect.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../../test/harness.ts';
import { botWithKnowledge, documentsSettled } from '../../../../test/knowledge.ts';

let google: FakeGoogle;
let notion: FakeNotion;
let server: TestServer;

const FACTS = 'Our shop opens at 9am every weekday.';
const LEAD_HEADER = ['Timestamp', 'Channel', 'Bot', 'Name', 'Email', 'Phone', 'Question', 'Conversation link'];
const SHEET_DOCUMENT = 'Google Sheet – Catalog › Products';

beforeAll(async () => {
  google = await startFakeGoogle();
  notion = await startFakeNotion();
  server = await startTestServer({ ...google.environment, NOTION_API_URL: notion.url });
});

afterAll(async () => {
  await server?.close();
  await google?.close();
  await notion?.close();
});

/** A visitor's conversation through the public widget API; resolves once its lead jobs are done. */
async function widgetConversation(target: TestServer, bot: { id: string; widgetToken: string }, messages: string[]) {
  const session = await api(target, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } });
  for (const message of messages) {
    const answer = await api(target, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
      body: { message, session_token: session.body.session_token },
    });
    expect(answer.status).toBe(200);
  }
  await target.platform.queue.onIdle!();
}

/** The test chat of the editor: the answer and the titles of its sources. */
async function ask(target: TestServer, token: string, botId: string, question: string) {
  const answer = await api(target, 'POST', `/bots/${botId}/rag-chat?query=${encodeURIComponent(question)}`, { token });
  expect(answer.status).toBe(200);
  return { text: answer.body.response as string, sources: (answer.body.sources as { title: string }[]).map((source) => source.title) };
}

/** The bot's global id, as the editor has it. */
async function globalBotId(target: TestServer, token: string): Promise<string> {
  const { data } = await graphql(target, '{ viewer { bots(first: 1) { edges { node { id } } } } }', {}, token);
  return data.viewer.bots.edges[0].node.id;
}

function syncedDocuments(target: TestServer, botId: string, prefix: string) {
  return target.platform.prisma.document.findMany({ where: { botId, fileName: { startsWith: prefix } } });
}

async function sheetBot(target: TestServer, customer: TestAccount) {
  const bot = await botWithKnowledge(target, customer.accessToken, FACTS);
  const catalog = google.seedSpreadsheet('Catalog', {
    Products: [
      ['Product', 'Price', 'Colour'],
      ['Aurora lamp', '89 EUR', 'amber'],
      ['Basalt mug', '14 EUR', 'charcoal'],
    ],
  });
  const leads = google.seedSpreadsheet('Leads', { Completed: [LEAD_HEADER] });
  await connectGoogle(target, customer.accessToken, 'sheets');
  const chosen = await api(target, 'POST', '/bots/setbot-tools', {
    token: customer.accessToken,
    body: { bot_id: bot.id, tool_name: 'sheet' },
  });
  expect(chosen).toMatchObject({ status: 200, body: { is_sheet_enabled: true, sync_error: null } });
  const saved = await api(target, 'POST', '/config/sheets', {
    token: customer.accessToken,
    body: {
      bot_id: bot.id,
      incoming_spreadsheet_id: catalog.id,
      incoming_spreadsheet_name: 'Catalog',
      incoming_sheet_name: 'Products',
      completed_spreadsheet_id: leads.id,
      completed_spreadsheet_name: 'Leads',
      completed_sheet_name: 'Completed',
    },
  });
  expect(saved).toMatchObject({
    status: 201,
    body: { message: 'Sheet config updated.', incoming_sheet_name: 'Products', is_active: true, sync_error: null },
  });
  await documentsSettled(target, bot.id);
  return { bot, catalog, leads };
}

const LEADS_QUERY = `
  {
    viewer {
      leads(first: 5) {
        edges {
          node {
            name
            email
            phone
            channel
            destination
            conversationLink
            bot {
              name
            }
          }
        }
      }
    }
  }
`;

describe('choosing the data tool', () => {
  it('keeps exactly one tool on, in REST and GraphQL, and only for the owner', async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const bot = await botWithKnowledge(server, owner.accessToken, FACTS);
    const status = () => api(server, 'GET', `/bots/getbot-tools/${bot.id}`, { token: owner.accessToken });
    expect((await status()).body).toEqual({ is_sheet_enabled: false, is_notion_enabled: false });
    for (const [tool, expected] of [
      ['sheet', { is_sheet_enabled: true, is_notion_enabled: false }],
      ['notion', { is_sheet_enabled: false, is_notion_enabled: true }],
      ['none', { is_sheet_enabled: false, is_notion_enabled: false }],
    ] as const) {
      const set = await api(server, 'POST', '/bots/setbot-tools', { token: owner.accessToken, body: { bot_id: bot.id, tool_name: tool } });
      expect(set).toMatchObject({ status: 200, body: { message: 'Tool Updated', ...expected } });
      expect((await status()).body).toEqual(expected);
    }
    const invalid = await api(server, 'POST', '/bots/setbot-tools', {
      token: owner.accessToken,
      body: { bot_id: bot.id, tool_name: 'excel' },
    });
    expect(invalid).toMatchObject({ status: 400, body: { detail: 'tool_name must be one of: sheet, notion, none' } });

    const botId = await globalBotId(server, owner.accessToken);
    const setTool = (token: string, tool: string) =>
      graphql(
        server,
        `
          mutation ($botId: ID!, $tool: BotDataTool!) {
            setBotDataTool(botId: $botId, tool: $tool) {
              __typename
              ... on Bot {
                dataTool
              }
              ... on Error {
                message
                code
              }
            }
          }
        `,
        { botId, tool },
        token,
      );
    expect((await setTool(owner.accessToken, 'notion')).data.setBotDataTool).toEqual({ __typename: 'Bot', dataTool: 'notion' });
    expect((await status()).body).toEqual({ is_sheet_enabled: false, is_notion_enabled: true });

    // Another customer: the bot does not exist for them, and nothing changes.
    expect((await setTool(other.accessToken, 'sheet')).data.setBotDataTool).toEqual({
      __typename: 'NotFoundError',
      message: 'Bot not found',
      code: 'BOT_NOT_FOUND',
    });
    const foreign = await api(server, 'POST', '/bots/setbot-tools', {
      token: other.accessToken,
      body: { bot_id: bot.id, tool_name: 'sheet' },
    });
    expect(foreign).toEqual(expect.objectContaining({ status: 404, body: { detail: 'Bot not found' } }));
    expect(await api(server, 'GET', `/bots/getbot-tools/${bot.id}`, { token: other.accessToken })).toMatchObject({
      status: 404,
      body: { detail: 'Bot not found' },
    });
    expect((await status()).body).toEqual({ is_sheet_enabled: false, is_notion_enabled: true });
  });

  it('needs both sheets, in REST and GraphQL', async () => {
    const owner = await signUp(server);
    const bot = await botWithKnowledge(server, owner.accessToken, FACTS);
    expect(await api(server, 'GET', `/config/sheets-calendars/${bot.id}`, { token: owner.accessToken })).toMatchObject({
      status: 404,
      body: { detail: 'No Google Sheet is configured for this bot yet.' },
    });
    const missing = await api(server, 'POST', '/config/sheets', {
      token: owner.accessToken,
      body: { bot_id: bot.id, incoming_spreadsheet_id: 'x', incoming_sheet_name: 'Sheet1' },
    });
    expect(missing).toMatchObject({ status: 400, body: { detail: 'Please select both sheets.' } });

    const botId = await globalBotId(server, owner.accessToken);
    const saved = await graphql(
      server,
      `
        mutation ($input: SheetConfigInput!) {
          saveSheetConfig(input: $input) {
            __typename
            ... on ValidationError {
              message
            }
          }
        }
      `,
      { input: { botId, incomingSpreadsheetId: 'a', incomingSheetName: 'A', completedSpreadsheetId: '', completedSheetName: '' } },
      owner.accessToken,
    );
    expect(saved.data.saveSheetConfig).toEqual({ __typename: 'ValidationError', message: 'Please select both sheets.' });
    expect(await server.platform.prisma.sheetConfig.count({ where: { botId: bot.id } })).toBe(0);
  });

  it('a tool chosen before its configuration is inert: no sync, no lead', async () => {
    const owner = await signUp(server);
    const bot = await botWithKnowledge(server, owner.accessToken, FACTS);
    await api(server, 'POST', '/bots/setbot-tools', { token: owner.accessToken, body: { bot_id: bot.id, tool_name: 'sheet' } });
    await widgetConversation(server, bot, ['My name is Ed, ed@example.com']);
    expect(await server.platform.prisma.lead.count({ where: { botId: bot.id } })).toBe(0);
    expect(await api(server, 'POST', `/bots/sync-data-tool/${bot.id}`, { token: owner.accessToken })).toMatchObject({
      status: 404,
      body: { detail: 'No Google Sheet is configured for this bot yet.' },
    });
    await api(server, 'POST', '/bots/setbot-tools', { token: owner.accessToken, body: { bot_id: bot.id, tool_name: 'none' } });
    expect(await api(server, 'POST', `/bots/sync-data-tool/${bot.id}`, { token: owner.accessToken })).toMatchObject({
      status: 400,
      body: { detail: 'Choose Google Sheet or Notion as the data tool first.' },
    });
  });
});

describe('Google Sheet as the data tool', () => {
  it('answers from the incoming rows with a citation, and writes one lead per conversation to the completed sheet', async () => {
    const customer = await signUp(server);
    const { bot, catalog, leads } = await sheetBot(server, customer);
    expect(await api(server, 'GET', `/config/sheets-calendars/${bot.id}`, { token: customer.accessToken })).toMatchObject({
      status: 200,
      body: {
        bot_id: bot.id,
        incoming_spreadsheet_id: catalog.id,
        incoming_spreadsheet_name: 'Catalog',
        incoming_sheet_name: 'Products',
        completed_spreadsheet_id: leads.id,
        completed_spreadsheet_name: 'Leads',
        completed_sheet_name: 'Completed',
        is_active: true,
      },
    });
    const [synced] = await syncedDocuments(server, bot.id, 'Google Sheet');
    expect(synced).toMatchObject({ fileName: SHEET_DOCUMENT, status: 'completed', mimeType: 'text/markdown' });

    const lamp = await ask(server, customer.accessToken, bot.id, 'How much is the Aurora lamp?');
    expect(lamp.text).toContain('89 EUR');
    expect(lamp.sources).toContain(SHEET_DOCUMENT);

    await widgetConversation(server, bot, [
      'Do you sell mugs?',
      'My name is Jane Doe, email jane@doe.example, please call me back',
      'Also jane@doe.example again, or +33 6 12 34 56 78',
    ]);
    const rows = google.rows(leads.id, 'Completed');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(1, 7)).toEqual([
      'widget',
      'Shop assistant',
      'Jane Doe',
      'jane@doe.example',
      '',
      'My name is Jane Doe, email jane@doe.example, please call me back',
    ]);
    expect(new Date(rows[1]![0]!).getTime()).not.toBeNaN();
    expect(rows[1]![7]).toMatch(/^http:\/\/app\.test\/logs\?session=/);
    // A second conversation is a second lead.
    await widgetConversation(server, bot, ['I am Bo, bo@example.net']);
    expect(google.rows(leads.id, 'Completed').map((row) => row[4])).toEqual(['Email', 'jane@doe.example', 'bo@example.net']);

    // A sync of unchanged rows keeps the document; a changed sheet replaces it, never duplicates it.
    expect(await api(server, 'POST', `/bots/sync-data-tool/${bot.id}`, { token: customer.accessToken })).toMatchObject({ status: 200 });
    expect((await syncedDocuments(server, bot.id, 'Google Sheet')).map((document) => document.id)).toEqual([synced!.id]);
    catalog.sheets.get('Products')!.push(['Cedar stool', '120 EUR', 'natural']);
    expect(await api(server, 'POST', `/bots/sync-data-tool/${bot.id}`, { token: customer.accessToken })).toMatchObject({
      status: 200,
      body: { message: 'Data tool synced: the bot is learning the new data.' },
    });
    await documentsSettled(server, bot.id);
    const resynced = await syncedDocuments(server, bot.id, 'Google Sheet');
    expect(resynced).toHaveLength(1);
    expect(resynced[0]).toMatchObject({ fileName: SHEET_DOCUMENT, status: 'completed' });
    expect(resynced[0]!.id).not.toBe(synced!.id);
    const stool = await ask(server, customer.accessToken, bot.id, 'How much is the Cedar stool?');
    expect(stool.text).toContain('120 EUR');
    expect(stool.sources).toContain(SHEET_DOCUMENT);

    const viewerLeads = await graphql(server, LEADS_QUERY, {}, customer.accessToken);
    expect(viewerLeads.data.viewer.leads.edges.map((edge: { node: object }) => edge.node)).toEqual([
      expect.objectContaining({ name: 'Bo', email: 'bo@example.net', destination: 'sheet' }),
      expect.objectContaining({
        name: 'Jane Doe',
        email: 'jane@doe.example',
        phone: null,
        channel: 'widget',
        destination: 'sheet',
        bot: { name: 'Shop assistant' },
      }),
    ]);
    const stranger = await signUp(server);
    const strangerLeads = await graphql(server, LEADS_QUERY, {}, stranger.accessToken);
    expect(strangerLeads.errors).toBeUndefined();
    expect(strangerLeads.data.viewer.leads.edges).toEqual([]);
    const events = await server.platform.prisma.systemEvent.findMany({ where: { userId: customer.userId, event: { startsWith: 'Lead' } } });
    expect(events.map((event) => event.event)).toEqual(['Lead captured for Shop assistant', 'Lead captured for Shop assistant']);
  });

  it('says clearly why a sync failed, and keeps the knowledge synced before', async () => {
    const customer = await signUp(server);
    const { bot, leads } = await sheetBot(server, customer);
    const [synced] = await syncedDocuments(server, bot.id, 'Google Sheet');

    const renamed = await api(server, 'POST', '/config/sheets', {
      token: customer.accessToken,
      body: {
        bot_id: bot.id,
        incoming_spreadsheet_id: google.seedSpreadsheet('Other', { Tab: [['A']] }).id,
        incoming_spreadsheet_name: 'Other',
        incoming_sheet_name: 'Missing tab',
        completed_spreadsheet_id: leads.id,
        completed_sheet_name: 'Gone',
      },
    });
    expect(renamed).toMatchObject({
      status: 200,
      body: {
        incoming_sheet_name: 'Missing tab',
        sync_error:
          'The incoming sheet “Missing tab” was not found. Check that the spreadsheet and the sheet still exist, then save the sheet config again.',
      },
    });
    // A lead the completed sheet cannot take stays listed with the reason (no retry would help).
    await widgetConversation(server, bot, ['Write to me at ann@example.com']);
    expect(await server.platform.prisma.lead.findFirstOrThrow({ where: { botId: bot.id } })).toMatchObject({
      email: 'ann@example.com',
      deliveredAt: null,
      error:
        'The completed sheet “Gone” was not found. Check that the spreadsheet and the sheet still exist, then save the sheet config again.',
    });
    expect(google.rows(leads.id, 'Completed')).toEqual([LEAD_HEADER]);

    await api(server, 'POST', '/auth/google/sheets/disconnect', { token: customer.accessToken });
    expect(await api(server, 'POST', `/bots/sync-data-tool/${bot.id}`, { token: customer.accessToken })).toMatchObject({
      status: 400,
      body: { detail: 'Google Sheets is not connected. Connect it in Settings › Integrations, then try again.' },
    });
    const botId = await globalBotId(server, customer.accessToken);
    const viaGraphql = await graphql(
      server,
      `
        mutation ($botId: ID!) {
          syncBotDataTool(botId: $botId) {
            __typename
            ... on Error {
              message
              code
            }
          }
        }
      `,
      { botId },
      customer.accessToken,
    );
    expect(viaGraphql.data.syncBotDataTool).toMatchObject({ __typename: 'ValidationError', code: 'GOOGLE_NOT_CONNECTED' });
    expect((await syncedDocuments(server, bot.id, 'Google Sheet')).map((document) => document.id)).toEqual([synced!.id]);
  });
});

describe('Notion as the data tool', () => {
  it('stores the key encrypted and masked, validates ids, syncs the read database and creates a lead page', async () => {
    const customer = await signUp(server);
    const bot = await botWithKnowledge(server, customer.accessToken, FACTS);
    const faq = notion.seedDatabase('Support FAQ', { Question: 'title', Answer: 'rich_text' }, [
      { Question: 'Do you ship to Norway?', Answer: 'Yes, shipping to Norway takes 6 days with Posten.' },
    ]);
    const leadsDb = notion.seedDatabase('Leads', {
      Name: 'title',
      Email: 'email',
      Phone: 'phone_number',
      Question: 'rich_text',
      Channel: 'select',
      Link: 'url',
      Received: 'date',
    });
    await api(server, 'POST', '/bots/setbot-tools', { token: customer.accessToken, body: { bot_id: bot.id, tool_name: 'notion' } });
    expect(await api(server, 'GET', `/notion-config/${bot.id}`, { token: customer.accessToken })).toMatchObject({
      status: 404,
      body: { detail: 'No Notion configuration is saved for this bot yet.' },
    });

    const noKey = await api(server, 'POST', '/notion-config/', {
      token: customer.accessToken,
      body: { bot_id: bot.id, read_database_id: faq.id, write_database_id: leadsDb.id },
    });
    expect(noKey).toMatchObject({ status: 400, body: { detail: 'The Notion API key is required.' } });
    const badId = await api(server, 'POST', '/notion-config/', {
      token: customer.accessToken,
      body: { bot_id: bot.id, api_key: notion.apiKey, read_database_id: 'not-an-id', write_database_id: leadsDb.id },
    });
    expect(badId).toMatchObject({
      status: 400,
      body: {
        detail: "The read database id must be a Notion database id (32 hexadecimal characters, dashes allowed) or the database's link.",
      },
    });
    const noWriteId = await api(server, 'POST', '/notion-config/', {
      token: customer.accessToken,
      body: { bot_id: bot.id, api_key: notion.apiKey, read_database_id: faq.id, write_database_id: '' },
    });
    expect(noWriteId).toMatchObject({ status: 400, body: { detail: 'The write database id is required.' } });

    // A dashed id, or the database's link, names the same database.
    const dashed = faq.id.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
    const link = `https://www.notion.so/acme/Leads-${leadsDb.id}?v=${'b'.repeat(32)}`;
    const created = await api(server, 'POST', '/notion-config/', {
      token: customer.accessToken,
      body: { bot_id: bot.id, api_key: notion.apiKey, read_database_id: dashed, write_database_id: link, is_active: true },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { bot_id: bot.id, read_database_id: faq.id, write_database_id: leadsDb.id, is_active: true, sync_error: null },
    });
    expect(created.body.api_key).toBe(`ntn_…${notion.apiKey.slice(-4)}`);
    const stored = await server.platform.prisma.notionConfig.findUniqueOrThrow({ where: { botId: bot.id } });
    expect(stored.encryptedApiKey).not.toContain(notion.apiKey);
    expect(stored.encryptedApiKey).not.toContain(notion.apiKey.slice(4, 16));

    // An update without a key keeps the stored one.
    const updated = await api(server, 'PUT', `/notion-config/${bot.id}`, {
      token: customer.accessToken,
      body: { read_database_id: faq.id, write_database_id: leadsDb.id, is_active: true },
    });
    expect(updated).toMatchObject({ status: 200, body: { api_key: created.body.api_key } });
    expect(await api(server, 'GET', `/notion-config/${bot.id}`, { token: customer.accessToken })).toMatchObject({
      status: 200,
      body: { bot_id: bot.id, api_key: created.body.api_key, read_database_id: faq.id, write_database_id: leadsDb.id, is_active: true },
    });
    await documentsSettled(server, bot.id);
    expect(notion.requests.every((request) => request.notionVersion === '2025-09-03')).toBe(true);

    const norway = await ask(server, customer.accessToken, bot.id, 'Do you ship to Norway?');
    expect(norway.text).toContain('6 days');
    expect(norway.sources).toContain('Notion – Support FAQ');

    await widgetConversation(server, bot, ['Hi, I am Max Power, reach me at +44 20 7946 0958', 'Again: +44 20 7946 0958']);
    const pages = notion.createdPages.filter((page) => page.databaseId === leadsDb.id);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.properties).toMatchObject({
      Name: { title: [{ text: { content: 'Max Power' } }] },
      Phone: { phone_number: '+442079460958' },
      Question: { rich_text: [{ text: { content: 'Hi, I am Max Power, reach me at +44 20 7946 0958' } }] },
      Channel: { select: { name: 'widget' } },
      Link: { url: expect.stringMatching(/^http:\/\/app\.test\/logs\?session=/) },
      Received: { date: { start: expect.any(String) } },
    });
    expect(pages[0]!.properties).not.toHaveProperty('Email');
    const viewerLeads = await graphql(server, LEADS_QUERY, {}, customer.accessToken);
    expect(viewerLeads.data.viewer.leads.edges).toEqual([
      { node: expect.objectContaining({ name: 'Max Power', phone: '+442079460958', destination: 'notion', channel: 'widget' }) },
    ]);
  });

  it('shows nothing of a short key: a 7-character one reads back fully masked, over REST and GraphQL', async () => {
    const customer = await signUp(server);
    const bot = await botWithKnowledge(server, customer.accessToken, FACTS);
    const faq = notion.seedDatabase('Short key', { Question: 'title', Answer: 'rich_text' }, []);
    const shortKey = 'q7Zx3Kp';
    const saved = await api(server, 'POST', '/notion-config/', {
      token: customer.accessToken,
      body: { bot_id: bot.id, api_key: shortKey, read_database_id: faq.id, write_database_id: faq.id },
    });
    expect(saved).toMatchObject({ status: 201, body: { api_key: '••••' } });
    expect(await api(server, 'GET', `/notion-config/${bot.id}`, { token: customer.accessToken })).toMatchObject({
      status: 200,
      body: { api_key: '••••' },
    });
    const viaGraphql = await graphql(
      server,
      'query ($id: ID!) { node(id: $id) { ... on Bot { notionConfig { apiKeyMasked } } } }',
      { id: await globalBotId(server, customer.accessToken) },
      customer.accessToken,
    );
    expect(viaGraphql).toEqual({ data: { node: { notionConfig: { apiKeyMasked: '••••' } } } });
  });

  it('says clearly when Notion refuses, and keeps the knowledge synced before', async () => {
    const customer = await signUp(server);
    const bot = await botWithKnowledge(server, customer.accessToken, FACTS);
    const faq = notion.seedDatabase('Returns', { Question: 'title', Answer: 'rich_text' }, [
      { Question: 'Can I return a lamp?', Answer: 'Returns are free within 30 days.' },
    ]);
    await api(server, 'POST', '/bots/setbot-tools', { token: customer.accessToken, body: { bot_id: bot.id, tool_name: 'notion' } });
    const saved = await api(server, 'POST', '/notion-config/', {
      token: customer.accessToken,
      body: { bot_id: bot.id, api_key: notion.apiKey, read_database_id: faq.id, write_database_id: faq.id },
    });
    expect(saved).toMatchObject({ status: 201, body: { sync_error: null } });
    await documentsSettled(server, bot.id);
    const [synced] = await syncedDocuments(server, bot.id, 'Notion');
    expect(synced).toMatchObject({ fileName: 'Notion – Returns', status: 'completed' });

    notion.addPage(faq.id, { Question: 'Do you gift wrap?', Answer: 'Gift wrapping costs 3 EUR.' });
    const wrongKey = await api(server, 'PUT', `/notion-config/${bot.id}`, {
      token: customer.accessToken,
      body: { api_key: 'ntn_revoked_key_000000000000', read_database_id: faq.id, write_database_id: faq.id },
    });
    expect(wrongKey).toMatchObject({
      status: 200,
      body: { sync_error: 'Notion refused the API key. Check the integration secret and save it again.' },
    });
    expect(await api(server, 'POST', `/bots/sync-data-tool/${bot.id}`, { token: customer.accessToken })).toMatchObject({
      status: 400,
      body: { detail: 'Notion refused the API key. Check the integration secret and save it again.' },
    });

    const unknownDatabase = await api(server, 'PUT', `/notion-config/${bot.id}`, {
      token: customer.accessToken,
      body: { api_key: notion.apiKey, read_database_id: 'a'.repeat(32), write_database_id: faq.id },
    });
    expect(unknownDatabase.body.sync_error).toBe('Notion cannot find that database. Share it with your integration and check its id.');
    expect((await syncedDocuments(server, bot.id, 'Notion')).map((document) => document.id)).toEqual([synced!.id]);

    // Fixed: the next save syncs the new page in, replacing the document.
    await api(server, 'PUT', `/notion-config/${bot.id}`, {
      token: customer.accessToken,
      body: { read_database_id: faq.id, write_database_id: faq.id },
    });
    await documentsSettled(server, bot.id);
    const resynced = await syncedDocuments(server, bot.id, 'Notion');
    expect(resynced).toHaveLength(1);
    expect(resynced[0]!.id).not.toBe(synced!.id);
    expect((await ask(server, customer.accessToken, bot.id, 'Do you gift wrap?')).text).toContain('3 EUR');
  });

  it('keeps a lead Notion would not take, with its error, and says so in the system log', async () => {
    const customer = await signUp(server);
    const bot = await botWithKnowledge(server, customer.accessToken, FACTS);
    const faq = notion.seedDatabase('Hours', { Question: 'title', Answer: 'rich_text' }, [{ Question: 'Open?', Answer: 'From 9am.' }]);
    await api(server, 'POST', '/bots/setbot-tools', { token: customer.accessToken, body: { bot_id: bot.id, tool_name: 'notion' } });
    const saved = await api(server, 'POST', '/notion-config/', {
      token: customer.accessToken,
      body: { bot_id: bot.id, api_key: notion.apiKey, read_database_id: faq.id, write_database_id: 'c'.repeat(32) },
    });
    expect(saved).toMatchObject({ status: 201, body: { sync_error: null } });
    await widgetConversation(server, bot, ['Please email me: lost@example.com']);
    const lead = await server.platform.prisma.lead.findFirstOrThrow({ where: { botId: bot.id } });
    expect(lead).toMatchObject({
      email: 'lost@example.com',
      deliveredAt: null,
      error: 'Notion cannot find that database. Share it with your integration and check its id.',
    });
    const failed = await server.platform.prisma.systemEvent.findMany({ where: { userId: customer.userId, event: { startsWith: 'Lead' } } });
    expect(failed.map((event) => [event.event, event.details])).toEqual([
      ['Lead delivery failed for Shop assistant', 'Notion cannot find that database. Share it with your integration and check its id.'],
    ]);
  });

  it('takes leads from WhatsApp conversations too, with the sender’s number', async () => {
    const customer = await signUp(server);
    const bot = await botWithKnowledge(server, customer.accessToken, FACTS);
    const faq = notion.seedDatabase('Hours', { Question: 'title' }, [{ Question: 'We open at 9am' }]);
    const leadsDb = notion.seedDatabase('WhatsApp leads', { Name: 'title', Email: 'email', Phone: 'phone_number', Channel: 'rich_text' });
    await api(server, 'POST', '/bots/setbot-tools', { token: customer.accessToken, body: { bot_id: bot.id, tool_name: 'notion' } });
    await api(server, 'POST', '/notion-config/', {
      token: customer.accessToken,
      body: { bot_id: bot.id, api_key: notion.apiKey, read_database_id: faq.id, write_database_id: leadsDb.id },
    });
    const stored = await server.platform.prisma.bot.findUniqueOrThrow({ where: { id: bot.id } });
    await server.services.chat.whatsappChat(stored, '15550001111', 'My name is Rosa, rosa@example.com', 'Rosa');
    await server.platform.queue.onIdle!();
    expect(notion.createdPages.filter((page) => page.databaseId === leadsDb.id).map((page) => page.properties)).toEqual([
      {
        Name: { title: [{ type: 'text', text: { content: 'Rosa' } }] },
        Email: { email: 'rosa@example.com' },
        Phone: { phone_number: '15550001111' },
        Channel: { rich_text: [{ type: 'text', text: { content: 'whatsapp' } }] },
      },
    ]);
  });

  it('reads and saves the config through GraphQL with the key masked, and hides it from other customers', async () => {
    const customer = await signUp(server);
    const other = await signUp(server);
    const bot = await botWithKnowledge(server, customer.accessToken, FACTS);
    const faq = notion.seedDatabase('FAQ', { Question: 'title' }, [{ Question: 'Hello' }]);
    const botId = await globalBotId(server, customer.accessToken);
    const save = (token: string, input: Record<string, unknown>) =>
      graphql(
        server,
        `
          mutation ($input: NotionConfigInput!) {
            saveNotionConfig(input: $input) {
              __typename
              ... on Bot {
                dataTool
                notionConfig {
                  apiKeyMasked
                  isActive
                  readDatabaseId
                  writeDatabaseId
                }
              }
              ... on Error {
                message
                code
              }
            }
          }
        `,
        { input: { botId, ...input } },
        token,
      );
    expect((await save(customer.accessToken, { readDatabaseId: faq.id, writeDatabaseId: faq.id })).data.saveNotionConfig).toMatchObject({
      __typename: 'ValidationError',
      message: 'The Notion API key is required.',
    });
    const saved = await save(customer.accessToken, { apiKey: notion.apiKey, readDatabaseId: faq.id, writeDatabaseId: faq.id });
    expect(saved.data.saveNotionConfig).toEqual({
      __typename: 'Bot',
      dataTool: 'none',
      notionConfig: { apiKeyMasked: `ntn_…${notion.apiKey.slice(-4)}`, isActive: true, readDatabaseId: faq.id, writeDatabaseId: faq.id },
    });
    const kept = await save(customer.accessToken, { apiKey: '', readDatabaseId: faq.id, writeDatabaseId: faq.id, isActive: false });
    expect(kept.data.saveNotionConfig.notionConfig).toEqual(
      expect.objectContaining({ apiKeyMasked: `ntn_…${notion.apiKey.slice(-4)}`, isActive: false }),
    );

    // Another customer: NotFoundError for every mutation, no config through node(), 404 on REST, nothing changed.
    const foreignSave = await save(other.accessToken, { apiKey: 'ntn_theirs_0000000000', readDatabaseId: faq.id, writeDatabaseId: faq.id });
    expect(foreignSave.data.saveNotionConfig).toEqual({ __typename: 'NotFoundError', message: 'Bot not found', code: 'BOT_NOT_FOUND' });
    const foreignSync = await graphql(
      server,
      `
        mutation ($botId: ID!) {
          syncBotDataTool(botId: $botId) {
            __typename
            ... on Error {
              code
            }
          }
        }
      `,
      { botId },
      other.accessToken,
    );
    expect(foreignSync.data.syncBotDataTool).toEqual({ __typename: 'NotFoundError', code: 'BOT_NOT_FOUND' });
    const foreignNode = await graphql(
      server,
      `
        query ($botId: ID!) {
          node(id: $botId) {
            ... on Bot {
              notionConfig {
                apiKeyMasked
              }
            }
          }
        }
      `,
      { botId },
      other.accessToken,
    );
    expect(foreignNode.errors).toBeUndefined();
    expect(foreignNode.data).toEqual({ node: null });
    for (const [method, path, body] of [
      ['GET', `/notion-config/${bot.id}`, undefined],
      ['PUT', `/notion-config/${bot.id}`, { api_key: 'ntn_theirs_0000000000', read_database_id: faq.id, write_database_id: faq.id }],
      [
        'POST',
        '/notion-config/',
        { bot_id: bot.id, api_key: 'ntn_theirs_0000000000', read_database_id: faq.id, write_database_id: faq.id },
      ],
      ['POST', `/bots/sync-data-tool/${bot.id}`, undefined],
      ['GET', `/config/sheets-calendars/${bot.id}`, undefined],
    ] as const) {
      const response = await api(server, method, path, { token: other.accessToken, ...(body ? { body } : {}) });
      expect({ path, method, status: response.status, body: response.body }).toEqual({
        path,
        method,
        status: 404,
        body: { detail: 'Bot not found' },
      });
    }
    const mine = await api(server, 'GET', `/notion-config/${bot.id}`, { token: customer.accessToken });
    expect(mine.body).toMatchObject({ api_key: `ntn_…${notion.apiKey.slice(-4)}`, is_active: false });
  });
});

describe('with a model, the model decides what a lead is', () => {
  let model: FakeOpenAI;
  let modelServer: TestServer;

  beforeAll(async () => {
    model = await startFakeOpenAI();
    modelServer = await startTestServer({
      ...google.environment,
      OPENAI_API_KEY: 'sk-platform-key-0000000000000000',
      OPENAI_BASE_URL: model.baseUrl,
    });
  });

  afterAll(async () => {
    await modelServer?.close();
    await model?.close();
  });

  it('records the lead the record_lead tool call names, once', async () => {
    const customer = await signUp(modelServer);
    const { bot, leads } = await sheetBot(modelServer, customer);
    model.answerWith('Thanks, we will get back to you.');
    model.callToolsWith((request) => {
      const message = request.messages.at(-1)!.content;
      return message.includes('reach me')
        ? { name: 'record_lead', arguments: { name: 'Kim', email: 'kim@example.org', phone: null } }
        : null;
    });
    await widgetConversation(modelServer, bot, [
      // The rule would take this one; the model says it is not a lead.
      'Is bob@example.com your support address?',
      'You can reach me on the address kim at example dot org',
      'reach me again',
    ]);
    const rows = google.rows(leads.id, 'Completed');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(1, 7)).toEqual([
      'widget',
      'Shop assistant',
      'Kim',
      'kim@example.org',
      '',
      'You can reach me on the address kim at example dot org',
    ]);
    const toolRequests = model.requests.filter((request) => request.tools?.some((candidate) => candidate.function.name === 'record_lead'));
    // Asked for the first two messages; the conversation had its lead before the third.
    expect(toolRequests).toHaveLength(2);
  });
});

describe('scheduled data tool syncs', () => {
  const SET_SCHEDULE = `
    mutation ($id: ID!, $schedule: CrawlSchedule!) {
      setDataToolSyncSchedule(botId: $id, schedule: $schedule) {
        __typename
        ... on Bot {
          sheetConfig {
            syncSchedule
          }
        }
        ... on Error {
          message
        }
      }
    }
  `;

  it('syncs the sheet again when its schedule comes due, once across two replicas, on the schedules the plan allows', async () => {
    const customer = await signUp(server);
    const { bot, catalog } = await sheetBot(server, customer);
    const id = await globalBotId(server, customer.accessToken);
    const setSchedule = async (schedule: string, token = customer.accessToken) =>
      (await graphql(server, SET_SCHEDULE, { id, schedule }, token)).data.setDataToolSyncSchedule;
    // On the trial, syncs are by hand only.
    expect(await setSchedule('DAILY')).toEqual({
      __typename: 'ValidationError',
      message: 'Your plan does not allow syncing the data tool daily. Upgrade your plan or choose another schedule.',
    });
    await grantSubscription(server, customer.userId, 'Pro');
    expect(await setSchedule('DAILY')).toEqual({ __typename: 'Bot', sheetConfig: { syncSchedule: 'DAILY' } });
    const stranger = await signUp(server);
    await grantSubscription(server, stranger.userId, 'Pro');
    expect(await setSchedule('WEEKLY', stranger.accessToken)).toEqual({ __typename: 'NotFoundError', message: 'Bot not found' });

    catalog.sheets.get('Products')!.push(['Cobalt vase', '42 EUR', 'blue']);
    expect(await server.services.dataTool.syncDue()).toBe(0);
    const replica = await startTestServer({ ...google.environment, NOTION_API_URL: notion.url }, { shareDatabaseWith: server });
    try {
      const due = new Date(server.clock.now().getTime() + 86_400_000 + 60_000);
      server.clock.set(due);
      replica.clock.set(due);
      const [here, there] = await Promise.all([server.services.dataTool.syncDue(), replica.services.dataTool.syncDue()]);
      expect(here + there).toBe(1);
    } finally {
      await replica.close();
    }
    await documentsSettled(server, bot.id);
    expect(await syncedDocuments(server, bot.id, SHEET_DOCUMENT)).toHaveLength(1);
    const chunks = await server.platform.prisma.chunk.findMany({ where: { botId: bot.id, content: { contains: 'Cobalt vase' } } });
    expect(chunks.length).toBeGreaterThan(0);
  });
});
