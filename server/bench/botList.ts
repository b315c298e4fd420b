import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './knowledge.ts';
import { graphql, type TestServer } from '../test/harness.ts';
import { logIn } from '../test/accounts.ts';
import {
  cpuDuring,
  cpuMs,
  createBenchDatabase,
  graphqlRequestsPerSecond,
  HELLO_QUERY,
  median,
  LoadProfiler,
  startHelloWorldYoga,
  startMeasuredServer,
  type LoadOptions,
  type LoadResult,
  round,
} from './throughput.ts';

/** The demo customer's bots: the statement count reads all of them, the load reads the first page. */
const BOTS = 100;
const DOCUMENTS_PER_BOT = 3;
/** Other customers' rows, so that the lists run against tables where the viewer's rows are a few. */
const OTHER_CUSTOMERS = 40;
const BOTS_PER_OTHER_CUSTOMER = 25;
const SESSIONS_PER_BOT = 18;
const PAGE = 24;
const LOAD: LoadOptions = { connections: 10, warmUpMs: 1_000, measureMs: 3_000 };
/**
 * Load on each server before the rounds: V8 goes on compiling a server's hot paths for seconds of
 * load (the reference's first 3 s round answered 1,621 to 1,940 req/s, its third 2,687 to 2,867).
 */
const WARM_UP: LoadOptions = { connections: 10, warmUpMs: 0, measureMs: 6_000 };
const ROUNDS = 3;

/** What the bots screen asks for: one page with each bot's status, activity and owner. */
export const BOT_PAGE_QUERY = `{ viewer { bots(first: ${PAGE}) { edges { node { id name status lastUpdated conversationsToday owner { fullName } } } } } }`;

/** Questions the demo customer's visitors ask, a few wordings of a few topics, for the dashboard's topics card. */
const QUESTIONS = [
  'What are your opening hours?',
  'When are you open?',
  'How much does delivery cost?',
  'Do you deliver on Sundays?',
  'How do I return an item?',
  'Can I get a refund?',
  'Where is my order?',
  'Do you have a shop in Paris?',
];

/**
 * The dashboard's first screen: the query its route sends, as relay-compiler wrote it for the client
 * (`npx relay-compiler` generates it), so the bench runs exactly what a browser asks for.
 */
function dashboardQuery(): string {
  const artifact = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../client/src/features/dashboard/__generated__/DashboardRouteQuery.graphql.ts',
  );
  const literal = /"text": ("(?:[^"\\]|\\.)*")/.exec(readFileSync(artifact, 'utf8'))?.[1];
  if (!literal) throw new Error(`no operation text in ${artifact}: run npx relay-compiler`);
  return JSON.parse(literal) as string;
}

async function seed(server: TestServer, ownerId: string): Promise<void> {
  const { prisma, clock } = server.platform;
  const now = clock.now();
  const others = Array.from({ length: OTHER_CUSTOMERS }, (_, index) => ({
    id: randomUUID(),
    email: `bench-${index}-${randomUUID()}@example.org`,
    fullName: `Customer ${index}`,
  }));
  await prisma.user.createMany({ data: others });
  const bot = (owner: string, index: number) => ({
    id: randomUUID(),
    ownerId: owner,
    name: `Bot ${index}`,
    displayName: `Bot ${index}`,
    useCase: 'faq-bot',
    widgetToken: randomUUID(),
    isActive: index % 5 !== 0,
  });
  const own = Array.from({ length: BOTS }, (_, index) => bot(ownerId, index));
  const theirs = others.flatMap((other) => Array.from({ length: BOTS_PER_OTHER_CUSTOMER }, (_, index) => bot(other.id, index)));
  const bots = [...own, ...theirs];
  await prisma.bot.createMany({ data: bots });
  await prisma.document.createMany({
    data: own.flatMap((ownBot, botIndex) =>
      Array.from({ length: DOCUMENTS_PER_BOT }, (_, index) => ({
        botId: ownBot.id,
        fileName: `doc-${index}.txt`,
        mimeType: 'text/plain',
        sizeBytes: 10,
        contentHash: randomUUID(),
        storageKey: `bots/${ownBot.id}/documents/${index}`,
        // Every seventh bot is still learning a document: its status is "training".
        status: botIndex % 7 === 0 && index === 0 ? ('processing' as const) : ('completed' as const),
      })),
    ),
  });
  await prisma.webSource.createMany({
    data: own.map((ownBot, index) => ({ botId: ownBot.id, url: `https://example.org/${index}`, status: 'completed' as const })),
  });
  // Sessions over the last weeks, a few of them today; the oldest first, as they were written.
  const sessions = bots.flatMap((anyBot) =>
    Array.from({ length: SESSIONS_PER_BOT }, (_, index) => ({
      id: randomUUID(),
      botId: anyBot.id,
      channel: 'widget' as const,
      createdAt: new Date(now.getTime() - (index < 3 ? 0 : index * 86_400_000)),
    })),
  );
  for (let start = 0; start < sessions.length; start += 5_000) {
    await prisma.chatSession.createMany({ data: sessions.slice(start, start + 5_000) });
  }
  // In each of the customer's sessions a question and its answer, some unanswered, some rated: the dashboard's figures.
  const ownIds = new Set(own.map((ownBot) => ownBot.id));
  const messages = sessions
    .filter((session) => ownIds.has(session.botId))
    .flatMap((session, index) => {
      const question = { id: randomUUID(), sessionId: session.id, role: 'user' as const, createdAt: session.createdAt };
      return [
        { ...question, content: QUESTIONS[index % QUESTIONS.length]! },
        {
          sessionId: session.id,
          role: 'assistant' as const,
          content: 'An answer from the documents.',
          replyToId: question.id,
          latencyMs: 800 + (index % 7) * 150,
          unanswered: index % 6 === 0,
          rating: index % 4 === 0 ? ('up' as const) : index % 9 === 0 ? ('down' as const) : null,
          createdAt: new Date(session.createdAt.getTime() + 1_000),
        },
      ];
    });
  for (let start = 0; start < messages.length; start += 5_000) {
    await prisma.chatMessage.createMany({ data: messages.slice(start, start + 5_000) });
  }
  await prisma.systemEvent.createMany({
    data: Array.from({ length: 30 }, (_, index) => ({
      userId: ownerId,
      event: index % 2 === 0 ? 'bot_created' : 'document_uploaded',
      category: 'bots',
      timestamp: new Date(now.getTime() - index * 3_600_000),
    })),
  });
}

const fullListQuery = (first: number) =>
  `{ viewer { bots(first: ${first}) { totalCount edges { node { id name status conversationsToday lastUpdated owner { fullName } documents { edges { node { id fileName status } } } } } } } }`;

interface Round {
  load: LoadResult;
  /** CPU milliseconds per answered request: the server's thread, and the database server's backends (PostgreSQL). */
  cpuMs: number;
  databaseCpuMs: number;
}

function allAnswered(load: LoadResult): void {
  if (load.failed > 0) throw new Error(`${load.failed} requests failed, the first: ${load.firstFailure}`);
}

const perRequest = (cpu: number, load: LoadResult) => cpu / Math.max(1, load.answered);
const ms = (value: number) => (Number.isNaN(value) ? '?' : `${round(value, 2)} ms`);

/**
 * The bots list, on PGlite or (BENCH_DATABASE_URL) PostgreSQL:
 * - SQL statements one `viewer.bots` page of 100 bots with their documents costs, against a page of
 *   one bot (N+1 would be 100+);
 * - requests per second for the bots screen's page of 24, the dashboard's first screen and
 *   `{ viewer { id } }` against a bare graphql-yoga hello-world in its own process, measured in the
 *   same run, in alternating rounds, with the CPU time each request costs each side (which a busy
 *   machine changes much less than requests per second): the two screens answered from the response
 *   cache as repeated requests are, and each load executed each time (Cache-Control: no-cache).
 *
 * `npm run bench -w server -- bots` runs it on PGlite; with BENCH_DATABASE_URL set to a PostgreSQL
 * server (postgresql://postgres@127.0.0.1:5432/postgres) on a new database there, dropped afterwards.
 * BENCH_PROFILE_DIR=<dir> profiles the server during the load and prints where its milliseconds went.
 */
export async function benchBotList(): Promise<BenchRow[]> {
  let counting = false;
  const statements: string[] = [];
  const bench = await createBenchDatabase({ onQuery: (sql) => counting && statements.push(sql) });
  const server = await startMeasuredServer(bench.database);
  // The test server's clock stands still unless told; here it keeps real time, as in production
  // (the response cache's expiry and its record of changes read it).
  const realTime = setInterval(() => server.clock.set(Date.now()), 5);
  const reference = await startHelloWorldYoga();
  try {
    const customer = await logIn(server, 'customer@example.com', 'customer-demo-2026');
    await seed(server, customer.userId);
    if (bench.label === 'PostgreSQL') await server.platform.prisma.$executeRawUnsafe('ANALYZE');

    const countStatements = async (query: string) => {
      statements.length = 0;
      counting = true;
      // Executed, not answered from the response cache: the statements running the query costs.
      const answer = await graphql(server, query, {}, customer.accessToken, { 'cache-control': 'no-cache' });
      counting = false;
      if (answer.errors) throw new Error(`${query}: ${JSON.stringify(answer.errors)}`);
      return { count: statements.length, data: answer.data };
    };
    // The first token check of a process does one-time work: not counted.
    await graphql(server, '{ viewer { id } }', {}, customer.accessToken);
    const viewerOnly = (await countStatements('{ viewer { id } }')).count;
    const full = (await countStatements(fullListQuery(BOTS))).count - viewerOnly;
    const single = (await countStatements(fullListQuery(1))).count - viewerOnly;
    const page = await countStatements(BOT_PAGE_QUERY);
    if (page.data?.viewer?.bots?.edges?.length !== PAGE) throw new Error(`unexpected page: ${JSON.stringify(page.data)}`);

    const url = `${server.url}/graphql`;
    const databasePids = async () =>
      bench.label === 'PostgreSQL'
        ? (
            await server.platform.prisma.$queryRaw<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`
          ).map((row) => Number(row.pid))
        : [];
    const dashboard = dashboardQuery();
    const dashboardAnswer = await graphql(server, dashboard, {}, customer.accessToken);
    if (dashboardAnswer.errors || !dashboardAnswer.data?.viewer?.dashboard)
      throw new Error(`dashboard: ${JSON.stringify(dashboardAnswer)}`);
    const dashboardStatements = (await countStatements(dashboard)).count;

    // Each load in every round, after the hello; a load asked with no-cache runs its query each time, as a hard reload does.
    const fresh = { 'cache-control': 'no-cache' };
    const loads: { name: string; query: string; headers: Record<string, string> }[] = [
      { name: 'bots', query: BOT_PAGE_QUERY, headers: {} },
      { name: 'bots-executed', query: BOT_PAGE_QUERY, headers: fresh },
      { name: 'dashboard', query: dashboard, headers: {} },
      { name: 'dashboard-executed', query: dashboard, headers: fresh },
      { name: 'viewer-executed', query: '{ viewer { id } }', headers: fresh },
    ];
    const profilers = new Map(loads.map((load) => [load.name, new LoadProfiler()]));
    allAnswered(await graphqlRequestsPerSecond(reference.url, HELLO_QUERY, WARM_UP));
    allAnswered(await graphqlRequestsPerSecond(url, BOT_PAGE_QUERY, WARM_UP, customer.accessToken));
    allAnswered(await graphqlRequestsPerSecond(url, dashboard, WARM_UP, customer.accessToken, fresh));
    const ourRound = async (load: () => Promise<LoadResult>): Promise<Round> => {
      const ourCpu = cpuMs(process.pid, process.pid);
      const { result, cpuMs: databaseCpu } = await cpuDuring(databasePids, load);
      allAnswered(result);
      return {
        load: result,
        cpuMs: perRequest(cpuMs(process.pid, process.pid) - ourCpu, result),
        databaseCpuMs: perRequest(databaseCpu, result),
      };
    };
    const hello: Round[] = [];
    const ours = new Map<string, Round[]>(loads.map((load) => [load.name, []]));
    for (let index = 0; index < ROUNDS; index++) {
      const helloCpu = cpuMs(reference.pid);
      const helloLoad = await graphqlRequestsPerSecond(reference.url, HELLO_QUERY, LOAD);
      allAnswered(helloLoad);
      hello.push({ load: helloLoad, cpuMs: perRequest(cpuMs(reference.pid) - helloCpu, helloLoad), databaseCpuMs: 0 });
      for (const load of loads) {
        ours.get(load.name)!.push(
          await ourRound(() =>
            profilers.get(load.name)!.during(
              `${load.name}-${bench.label}-${index + 1}`,
              () => graphqlRequestsPerSecond(url, load.query, LOAD, customer.accessToken, load.headers),
              (result) => result.answered,
            ),
          ),
        );
      }
    }
    for (const load of loads) profilers.get(load.name)!.print(`${load.name} on ${bench.label}`);
    const rate = (rounds: Round[]) => median(rounds.map((item) => item.load.perSecond));
    const cpu = (rounds: Round[], key: 'cpuMs' | 'databaseCpuMs') => median(rounds.map((item) => item[key]));
    const rounds = (items: Round[]) => items.map((item) => Math.round(item.load.perSecond)).join('/');
    const cpuOf = (items: Round[]) =>
      `${ms(cpu(items, 'cpuMs'))}${bench.label === 'PostgreSQL' ? ` + ${ms(cpu(items, 'databaseCpuMs'))} in PostgreSQL` : ' (PGlite included)'}`;
    const postgres = bench.label === 'PostgreSQL';
    /** A load's row against the hello; `goal` on PostgreSQL (and `pgliteGoal` on PGlite), where there is one. */
    const against = (name: string, benchmark: string, goal: number | null, pgliteGoal: number | null, note: string): BenchRow => {
      const mine = ours.get(name)!;
      const ratio = rate(mine) / rate(hello);
      const target = postgres ? goal : pgliteGoal;
      return {
        benchmark,
        value: round(ratio, 3),
        unit: 'x',
        goal: target === null ? '-' : `>= ${target}`,
        ok: target === null ? null : ratio >= target,
        detail:
          `${Math.round(rate(mine))} vs ${Math.round(rate(hello))} req/s, medians of ${ROUNDS} alternating ${LOAD.measureMs / 1000} s rounds ` +
          `(ours ${rounds(mine)}, hello ${rounds(hello)}); CPU per request: ours ${cpuOf(mine)}, hello ${ms(cpu(hello, 'cpuMs'))}; ${note}`,
      };
    };
    const versus = `vs a bare yoga { hello } (${bench.label}, ${LOAD.connections} connections)`;
    return [
      {
        benchmark: `SQL statements for viewer.bots (${BOTS} bots, ${BOTS * DOCUMENTS_PER_BOT} documents, ${bench.label})`,
        value: full,
        unit: 'statements',
        goal: '<= 5, as for 1 bot',
        ok: full <= 5 && full === single,
        detail: `${single} for a page of 1 bot; ${page.count - viewerOnly} for the bots screen's page of ${PAGE}; ${viewerOnly} for { viewer { id } } alone, not counted`,
      },
      against(
        'bots',
        `viewer.bots(first: ${PAGE}) with status, lastUpdated, conversationsToday, owner ${versus}`,
        0.25,
        0.1,
        `after ${WARM_UP.measureMs / 1000} s of warm-up on each; repeated requests answered by the customer's response cache`,
      ),
      against(
        'bots-executed',
        `the same, executed each time (Cache-Control: no-cache) vs the same hello (${bench.label})`,
        0.25,
        null,
        `${page.count} SQL statements per request`,
      ),
      against(
        'dashboard',
        `the dashboard's first screen (DashboardRouteQuery) ${versus}`,
        0.2,
        null,
        `repeated requests answered by the customer's response cache`,
      ),
      against(
        'dashboard-executed',
        `the dashboard's first screen, executed each time (Cache-Control: no-cache) vs the same hello (${bench.label})`,
        0.2,
        null,
        `${dashboardStatements} SQL statements per request`,
      ),
      against(
        'viewer-executed',
        `{ viewer { id } } with a bearer token, executed each time (Cache-Control: no-cache) vs the same hello (${bench.label})`,
        0.7,
        null,
        `${viewerOnly} SQL statements per request`,
      ),
    ];
  } finally {
    clearInterval(realTime);
    await reference.stop();
    await server.close();
    await bench.drop();
  }
}
