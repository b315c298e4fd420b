import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts.ts';
import { startFakeGoogle, type FakeGoogle } from '../../../test/fakeGoogle.ts';
import { startFakeNotion, type FakeNotion } from '../../../test/fakeNotion.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fakeOpenAI.ts';
import { connectGoogle } from '../../../test/googleConnect.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { botWithKnowledge, documentsSettled } from '../../../test/knowledge.ts';

let google: FakeGoogle;
let notion: FakeNotion;
let server: TestServer;

const FACTS = 'Our shop opens at 9am every weekday.';
const LEAD_HEADER = ['Timestamp', 'Channel', 'Bot', 'Name', 'Email', 'Phone', 'Question', 'Conversation link'];

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

/** A visitor's conversation through the public widget API; resolves with each answer. */
async function widgetConversation(target: TestServer, bot: { id: string; widgetToken: string }, messages: string[]) {
  const session = await api(target, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } });
  const answers = [];
  for (const message of messages) {
    const answer = await api(target, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
      body: { message, session_token: session.body.session_token },
    });
    expect(answer.status).toBe(200);
    answers.push(answer.body);
  }
  await target.platform.queue.onIdle!();
  return answers;
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
  expect(
    (await api(target, 'POST', '/bots/setbot-tools', { token: customer.accessToken, body: { bot_id: bot.id, tool_name: 'sheet' } })).status,
  ).toBe(200);
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
  expect(saved).toMatchObject({ status: 200, body: { message: 'Sheet config updated.', incoming_sheet_name: 'Products' } });
  await documentsSettled(target, bot.id);
  return { bot, catalog, leads };
}

describe('choosing the data tool', () => {
  it('keeps exactly one tool on, and only for the owner', async () => {
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
      await api(server, 'POST', '/bots/setbot-tools', { token: owner.accessToken, body: { bot_id: bot.id, tool_name: tool } });
      expect((await status()).body).toEqual(expected);
    }
    const invalid = await api(server, 'POST', '/bots/setbot-tools', {
      token: owner.accessToken,
      body: { bot_id: bot.id, tool_name: 'excel' },
    });
    expect(invalid).toMatchObject({ status: 400, body: { detail: 'tool_name must be one of: sheet, notion, none' } });
    const foreign = await api(server, 'POST', '/bots/setbot-tools', {
      token: other.accessToken,
      body: { bot_id: bot.id, tool_name: 'sheet' },
    });
    expect(foreign).toMatchObject({ status: 404, body: { detail: 'Bot not found' } });
    expect((await api(server, 'GET', `/bots/getbot-tools/${bot.id}`, { token: other.accessToken })).status).toBe(404);
    expect((await api(server, 'GET', `/notion-config/${bot.id}`, { token: other.accessToken })).body).toEqual({ detail: 'Bot not found' });
  });

  it('needs both sheets', async () => {
    const owner = await signUp(server);
    const bot = await botWithKnowledge(server, owner.accessToken, FACTS);
    expect((await api(server, 'GET', `/config/sheets-calendars/${bot.id}`, { token: owner.accessToken })).body).toEqual({
      detail: 'No Google Sheet is configured for this bot yet.',
    });
    const missing = await api(server, 'POST', '/config/sheets', {
      token: owner.accessToken,
      body: { bot_id: bot.id, incoming_spreadsheet_id: 'x', incoming_sheet_name: 'Sheet1' },
    });
    expect(missing).toMatchObject({ status: 400, body: { detail: 'Please select both sheets.' } });
  });
});

describe('Google Sheet as the data tool', () => {
  it('answers from the incoming rows with a citation, and writes one lead per conversation to the completed sheet', async () => {
    const customer = await signUp(server);
    const { bot, catalog, leads } = await sheetBot(server, customer);
    const documents = await server.platform.prisma.document.findMany({ where: { botId: bot.id } });
    expect(documents.map((document) => [document.fileName, document.status])).toContainEqual([
      'Google Sheet - Catalog - Products.md',
      'completed',
    ]);

    const answer = await api(server, 'POST', `/bots/${bot.id}/rag-chat?query=${encodeURIComponent('How much is the Aurora lamp?')}`, {
      token: customer.accessToken,
    });
    expect(answer.body.response).toContain('89 EUR');
    expect(answer.body.sources.map((source: { title: string }) => source.title)).toContain('Google Sheet - Catalog - Products.md');

    await widgetConversation(server, bot, [
      'Do you sell mugs?',
      'My name is Jane Doe, email jane@doe.example, please call me back',
      'Also jane@doe.example again',
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
    expect(rows[1]![7]).toMatch(/^http:\/\/app\.test\/logs\?session=/);

    // A sync on demand replaces the sheet's knowledge instead of adding a second copy.
    catalog.sheets.get('Products')!.push(['Cedar stool', '120 EUR', 'natural']);
    expect((await api(server, 'POST', `/bots/sync-data-tool/${bot.id}`, { token: customer.accessToken })).status).toBe(200);
    await documentsSettled(server, bot.id);
    const synced = await server.platform.prisma.document.findMany({ where: { botId: bot.id, fileName: { startsWith: 'Google Sheet' } } });
    expect(synced).toHaveLength(1);
    const stool = await api(server, 'POST', `/bots/${bot.id}/rag-chat?query=${encodeURIComponent('How much is the Cedar stool?')}`, {
      token: customer.accessToken,
    });
    expect(stool.body.response).toContain('120 EUR');

    const viewerLeads = await graphql(
      server,
      `
        {
          viewer {
            leads(first: 5) {
              edges {
                node {
                  name
                  email
                  channel
                  destination
                  bot {
                    name
                  }
                }
              }
            }
          }
        }
      `,
      {},
      customer.accessToken,
    );
    expect(viewerLeads.data.viewer.leads.edges).toEqual([
      { node: { name: 'Jane Doe', email: 'jane@doe.example', channel: 'widget', destination: 'sheet', bot: { name: 'Shop assistant' } } },
    ]);
  });

  it('reports a disconnected Google account clearly when syncing on demand', async () => {
    const customer = await signUp(server);
    const { bot } = await sheetBot(server, customer);
    await api(server, 'POST', '/auth/google/sheets/disconnect', { token: customer.accessToken });
    const sync = await api(server, 'POST', `/bots/sync-data-tool/${bot.id}`, { token: customer.accessToken });
    expect(sync).toMatchObject({
      status: 400,
      body: { detail: 'Google Sheets is not connected. Connect it in Settings › Integrations, then try again.' },
    });
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
      Channel: 'rich_text',
    });
    await api(server, 'POST', '/bots/setbot-tools', { token: customer.accessToken, body: { bot_id: bot.id, tool_name: 'notion' } });

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
      body: { detail: 'The read database id must be a Notion database id (32 hexadecimal characters).' },
    });

    const created = await api(server, 'POST', '/notion-config/', {
      token: customer.accessToken,
      body: { bot_id: bot.id, api_key: notion.apiKey, read_database_id: faq.id, write_database_id: leadsDb.id, is_active: true },
    });
    expect(created.status).toBe(201);
    expect(created.body.api_key).not.toBe(notion.apiKey);
    expect(created.body.api_key).toMatch(/^ntn…[0-9a-f]{4}$/);
    const stored = await server.platform.prisma.notionConfig.findUniqueOrThrow({ where: { botId: bot.id } });
    expect(stored.encryptedApiKey).not.toContain(notion.apiKey);

    // An update without a key keeps the stored one.
    const updated = await api(server, 'PUT', `/notion-config/${bot.id}`, {
      token: customer.accessToken,
      body: { read_database_id: faq.id, write_database_id: leadsDb.id, is_active: true },
    });
    expect(updated).toMatchObject({ status: 200, body: { api_key: created.body.api_key } });
    await documentsSettled(server, bot.id);

    const answer = await api(server, 'POST', `/bots/${bot.id}/rag-chat?query=${encodeURIComponent('Do you ship to Norway?')}`, {
      token: customer.accessToken,
    });
    expect(answer.body.response).toContain('6 days');
    expect(answer.body.sources.map((source: { title: string }) => source.title)).toContain('Notion - Support FAQ.md');

    await widgetConversation(server, bot, ['Hi, I am Max Power, reach me at +44 20 7946 0958']);
    const pages = notion.createdPages.filter((page) => page.databaseId === leadsDb.id);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.properties).toMatchObject({
      Name: { title: [{ text: { content: 'Max Power' } }] },
      Phone: { phone_number: '+442079460958' },
      Channel: { rich_text: [{ text: { content: 'widget' } }] },
    });
  });

  it('reads the Notion config back through GraphQL with the key masked', async () => {
    const customer = await signUp(server);
    await botWithKnowledge(server, customer.accessToken, FACTS);
    const faq = notion.seedDatabase('FAQ', { Question: 'title' }, [{ Question: 'Hello' }]);
    const { data } = await graphql(server, '{ viewer { bots(first: 1) { edges { node { id } } } } }', {}, customer.accessToken);
    const botId = data.viewer.bots.edges[0].node.id;
    const saved = await graphql(
      server,
      `
        mutation ($input: NotionConfigInput!) {
          saveNotionConfig(input: $input) {
            __typename
            ... on Bot {
              dataTool
              notionConfig {
                apiKeyMasked
                readDatabaseId
              }
            }
            ... on Error {
              message
            }
          }
        }
      `,
      { input: { botId, apiKey: notion.apiKey, readDatabaseId: faq.id, writeDatabaseId: faq.id } },
      customer.accessToken,
    );
    expect(saved.data.saveNotionConfig.notionConfig.readDatabaseId).toBe(faq.id);
    expect(saved.data.saveNotionConfig.notionConfig.apiKeyMasked).not.toContain(notion.apiKey.slice(4, 20));
    const tool = await graphql(
      server,
      `
        mutation ($botId: ID!) {
          setBotDataTool(botId: $botId, tool: notion) {
            ... on Bot {
              dataTool
            }
          }
        }
      `,
      { botId },
      customer.accessToken,
    );
    expect(tool.data.setBotDataTool.dataTool).toBe('notion');
    const missing = await graphql(
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
      customer.accessToken,
    );
    expect(missing.data.saveSheetConfig).toEqual({ __typename: 'ValidationError', message: 'Please select both sheets.' });
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
      'What lamps do you have?',
      'You can reach me on the address kim at example dot org',
      'reach me again',
    ]);
    const rows = google.rows(leads.id, 'Completed');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(3, 5)).toEqual(['Kim', 'kim@example.org']);
    expect(model.requests.some((request) => request.tools?.some((candidate) => candidate.function.name === 'record_lead'))).toBe(true);
  });
});
