// Every list a customer reads (bots, documents, crawls, chat logs, unanswered questions, leads, the
// dashboard), over GraphQL and REST, against tables where the customer's rows are a few among many
// tenants': each SQL statement Prisma sends is explained with its parameters, and none may read a
// large table from end to end (a sequential scan), which is what a missing index looks like.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts.ts';
import { createScratchPostgresDatabase, postgresServerUrl, type ScratchPostgres } from '../../../test/database.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { createDatabase, type Database } from '../../platform/database/index.ts';
import { applyMigrations } from '../../platform/database/migrate.ts';

const OTHER_CUSTOMERS = 5_000;
const BOTS_PER_OTHER_CUSTOMER = 4;
const VIEWER_BOTS = 30;
/** Documents, conversations... of each of the viewer's bots; the others' bots have one of each. */
const PER_VIEWER_BOT = 5;
const DAY_MS = 86_400_000;

/** Tables the seed fills with thousands of rows, mostly other customers'. */
const LARGE_TABLES = ['users', 'bots', 'documents', 'web_sources', 'chat_sessions', 'chat_messages', 'leads', 'system_events'];

interface Statement {
  sql: string;
  params: unknown[];
}

let scratch: ScratchPostgres | undefined;
let database: Database;
let server: TestServer;
let viewer: TestAccount;
let botId: string;
let capturing = false;
const statements: Statement[] = [];

/** A migrated database whose Prisma client reports each statement with its parameters. */
async function databaseWithQueryEvents(): Promise<Database> {
  const serverUrl = postgresServerUrl();
  if (serverUrl) scratch = await createScratchPostgresDatabase(serverUrl, 'plans');
  const opened = await createDatabase({ url: scratch?.url, onQuery: () => {} });
  await applyMigrations(opened);
  const events = opened.prisma as unknown as { $on(event: 'query', listener: (event: Prisma.QueryEvent) => void): void };
  events.$on('query', (event) => {
    if (capturing) statements.push({ sql: event.query, params: JSON.parse(event.params) as unknown[] });
  });
  return opened;
}

/** Other customers' users, created before the viewer signs up (the long part of the seed). */
async function otherCustomers(): Promise<string[]> {
  const others = Array.from({ length: OTHER_CUSTOMERS }, (_, index) => ({
    id: randomUUID(),
    email: `plans-${index}-${randomUUID()}@example.org`,
    fullName: `Customer ${index}`,
  }));
  await inBatches(others, (data) => server.platform.prisma.user.createMany({ data }));
  return others.map((other) => other.id);
}

/** Bots with documents, a crawl, conversations (a question and its answer), leads and events for each owner. */
async function seedOwners(ownerIds: string[], botsEach: number, rowsEach: number): Promise<string[]> {
  const { prisma, clock } = server.platform;
  const now = clock.now().getTime();
  const bot = (ownerId: string, index: number) => ({
    id: randomUUID(),
    ownerId,
    name: `Bot ${index}`,
    displayName: `Bot ${index}`,
    useCase: 'faq-bot',
    widgetToken: randomUUID(),
    isActive: index % 3 !== 0,
  });
  const bots = ownerIds.flatMap((ownerId) => Array.from({ length: botsEach }, (_, index) => bot(ownerId, index)));
  const rowsOf = () => Array.from({ length: rowsEach }, (_, index) => index);
  await inBatches(bots, (data) => prisma.bot.createMany({ data }));
  await inBatches(
    bots.flatMap((owned, botIndex) =>
      rowsOf().map((index) => ({
        botId: owned.id,
        fileName: `doc-${index}.pdf`,
        mimeType: 'application/pdf',
        sizeBytes: 1_000,
        contentHash: randomUUID(),
        storageKey: `bots/${owned.id}/documents/${index}`,
        status: botIndex % 11 === 0 && index === 0 ? ('processing' as const) : ('completed' as const),
        createdAt: new Date(now - (botIndex % 90) * DAY_MS - index),
      })),
    ),
    (data) => prisma.document.createMany({ data }),
  );
  await inBatches(
    bots.map((owned, index) => ({
      botId: owned.id,
      url: `https://site-${index}.example.org/`,
      status: index % 13 === 0 ? ('running' as const) : ('completed' as const),
      createdAt: new Date(now - (index % 90) * DAY_MS),
    })),
    (data) => prisma.webSource.createMany({ data }),
  );
  const sessions = bots.flatMap((owned, botIndex) =>
    rowsOf().map((index) => ({
      id: randomUUID(),
      botId: owned.id,
      ownerId: owned.ownerId,
      channel: (botIndex + index) % 10 === 0 ? ('test' as const) : ('widget' as const),
      visitorName: `Visitor ${index}`,
      createdAt: new Date(now - ((botIndex + index * 7) % 60) * DAY_MS),
    })),
  );
  await inBatches(
    sessions.map(({ ownerId: _owner, ...session }) => session),
    (data) => prisma.chatSession.createMany({ data }),
  );
  const messages = sessions.flatMap((session, index) => {
    const question = {
      id: randomUUID(),
      sessionId: session.id,
      role: 'user' as const,
      content: `Question ${index}`,
      createdAt: session.createdAt,
    };
    const answer = {
      id: randomUUID(),
      sessionId: session.id,
      role: 'assistant' as const,
      content: index % 10 === 0 ? 'I do not know.' : `Answer ${index} about refunds`,
      replyToId: question.id,
      latencyMs: 400 + (index % 700),
      unanswered: index % 10 === 0,
      createdAt: new Date(session.createdAt.getTime() + 1_000),
    };
    return [question, answer];
  });
  await inBatches(messages, (data) => prisma.chatMessage.createMany({ data }));
  await inBatches(
    sessions
      .filter((_, index) => index % 4 === 0)
      .map((session) => ({
        botId: session.botId,
        ownerId: session.ownerId!,
        sessionId: session.id,
        channel: session.channel,
        email: 'visitor@example.org',
        question: 'Can someone call me?',
        destination: 'sheet' as const,
        createdAt: session.createdAt,
      })),
    (data) => prisma.lead.createMany({ data }),
  );
  await inBatches(
    ownerIds.flatMap((userId) =>
      Array.from({ length: 4 }, (_, index) => ({
        userId,
        event: 'bot_created',
        category: 'bots',
        timestamp: new Date(now - index * DAY_MS),
      })),
    ),
    (data) => prisma.systemEvent.createMany({ data }),
  );
  return bots.map((owned) => owned.id);
}

/**
 * Rows written 2,000 at a time: one INSERT each (under PostgreSQL's 32,767 parameters for the widest
 * table). Prisma splits a larger createMany into statements it sends at once on one transaction's
 * connection, which pg deprecates (it throws from pg 9).
 */
async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += 2_000) await write(rows.slice(start, start + 2_000));
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function sequentialScans(node: PlanNode): string[] {
  const own = node['Node Type'].includes('Seq Scan') && LARGE_TABLES.includes(node['Relation Name'] ?? '') ? [node['Relation Name']!] : [];
  return [...own, ...(node.Plans ?? []).flatMap(sequentialScans)];
}

/** The statements `call` made Prisma send that read a large table sequentially, with their plans. */
async function sequentialReads(call: () => Promise<void>): Promise<{ statements: number; offenders: string[] }> {
  statements.length = 0;
  capturing = true;
  try {
    await call();
  } finally {
    capturing = false;
  }
  const reads = statements.filter((statement) => /^\s*(SELECT|WITH)\b/i.test(statement.sql));
  const offenders: string[] = [];
  for (const { sql, params } of reads) {
    const [row] = await database.prisma.$queryRawUnsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
      `EXPLAIN (FORMAT JSON) ${sql}`,
      ...params,
    );
    const plan = row!['QUERY PLAN'][0].Plan;
    const tables = sequentialScans(plan);
    if (tables.length > 0) offenders.push(`${tables.join(', ')} in ${sql} ${JSON.stringify(params)}\n${JSON.stringify(plan, null, 1)}`);
  }
  return { statements: reads.length, offenders };
}

async function graphqlCall(query: string, variables: Record<string, unknown> = {}): Promise<void> {
  const answer = await graphql(server, query, variables, viewer.accessToken);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
}

async function restCall(route: string): Promise<void> {
  const response = await api(server, 'GET', route, { token: viewer.accessToken });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

const botGlobalId = () => Buffer.from(`Bot:${botId}`).toString('base64');

const calls: [string, () => Promise<void>][] = [
  [
    'the bots screen (viewer.bots with status, activity, owner and totalCount)',
    () =>
      graphqlCall(
        '{ viewer { bots(first: 24) { totalCount edges { node { id name status lastUpdated conversationsToday owner { fullName } } } } } }',
      ),
  ],
  [
    'viewer.bots searched by name',
    () => graphqlCall('{ viewer { bots(first: 24, search: "bot 1") { totalCount edges { node { id } } } } }'),
  ],
  [
    'viewer.bots filtered to training',
    () => graphqlCall('{ viewer { bots(first: 24, status: training) { edges { node { id status } } } } }'),
  ],
  ['viewer.bots filtered to online', () => graphqlCall('{ viewer { bots(first: 24, status: online) { edges { node { id status } } } } }')],
  [
    "a bot's documents and crawls",
    () =>
      graphqlCall(
        'query ($id: ID!) { node(id: $id) { ... on Bot { documents(first: 20) { totalCount edges { node { id fileName status } } } webSources { id status } } } }',
        { id: botGlobalId() },
      ),
  ],
  [
    'viewer.chatLogs, newest first',
    () => graphqlCall('{ viewer { chatLogs(first: 20) { edges { node { id message response channel userName timestamp } } } } }'),
  ],
  [
    "viewer.chatLogs of one bot, today's, on the widget",
    () =>
      graphqlCall(
        'query ($bot: ID!) { viewer { chatLogs(first: 20, botId: $bot, dateRange: today, channel: widget) { edges { node { id response } } } } }',
        { bot: botGlobalId() },
      ),
  ],
  ['viewer.unansweredQuestions', () => graphqlCall('{ viewer { unansweredQuestions(first: 20) { edges { node { id message } } } } }')],
  ['viewer.leads', () => graphqlCall('{ viewer { leads(first: 20) { edges { node { id email question createdAt } } } } }')],
  [
    'viewer.dashboard',
    () =>
      graphqlCall(
        '{ viewer { dashboard { totalBots botsChange totalConversations conversationsChange avgResponseTime topBots { name conversations } recentActivity { event timestamp } } } }',
      ),
  ],
  ['GET /bots', () => restCall('/bots')],
  ['GET /bots filtered by search and status', () => restCall('/bots?search=bot&status=offline')],
  ['GET /bots/:id with its documents', () => restCall(`/bots/${botId}`)],
  ['GET /bot/:id/web-sources', () => restCall(`/bot/${botId}/web-sources`)],
  ['GET /customer/chatlogs', () => restCall('/customer/chatlogs')],
  ['GET /customer/chatlogs of one bot, last week', () => restCall(`/customer/chatlogs?bot_id=${botId}&date_range=last_week`)],
  ['GET /customer/chatlogs unanswered', () => restCall('/customer/chatlogs?unanswered=true')],
  ['GET /customer/dashboard', () => restCall('/customer/dashboard')],
];

beforeAll(async () => {
  database = await databaseWithQueryEvents();
  server = await startTestServer({}, { database });
  await seedOwners(await otherCustomers(), BOTS_PER_OTHER_CUSTOMER, 1);
  // Signed up after the long part, so that no idle keep-alive connection of the test's HTTP client goes stale.
  viewer = await signUp(server, 'Plan Reader');
  botId = (await seedOwners([viewer.userId], VIEWER_BOTS, PER_VIEWER_BOT))[0]!;
  // Statistics, as autovacuum keeps them on a server. The embedded database never gathers any by itself
  // (PGlite runs no autovacuum): without them its planner reads chat_sessions whole for the chat logs
  // and the dashboard.
  await server.platform.prisma.$executeRawUnsafe('ANALYZE');
  // The first token check of a process loads its revocation list once: not a list's statement.
  await graphqlCall('{ viewer { id } }');
}, 300_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
  await scratch?.drop();
});

describe('list queries over many tenants', () => {
  it("reads the bots screen's page of 24 in as many statements as a page of 1 (no query per bot)", async () => {
    const page = (first: number) =>
      `{ viewer { bots(first: ${first}) { edges { node { id name status lastUpdated conversationsToday owner { fullName } } } } } }`;
    const { statements: one } = await sequentialReads(() => graphqlCall(page(1)));
    const { statements: many } = await sequentialReads(() => graphqlCall(page(24)));
    expect(many).toBe(one);
    expect(many).toBeLessThanOrEqual(3);
  });

  it.each(calls)('%s reads no large table sequentially', async (_name, call) => {
    const { statements: count, offenders } = await sequentialReads(call);
    expect(count).toBeGreaterThan(0);
    expect(offenders).toEqual([]);
  });
});
