// `npm run bench:cluster`: the scale-out topology's figures on this machine (`npm run cluster` on free
// ports: two compiled API replicas, a worker, Chroma, the machine's PostgreSQL and Redis). Widget chat
// answers per second through both replicas against one replica, by the same load generator in the same
// run; and documents ingested per second by the worker. Reported, never asserted.
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { throughput, type Visitor } from './chatLoad.ts';
import { perAnswer, projectCluster, usageNow, type Usage } from './clusterCosts.ts';
import { shopFacts, variedQuestion } from './variedQuestions.ts';
import type { BenchRow } from './knowledge.ts';
import {
  api,
  createBot,
  demoCustomer,
  logIn,
  randomClientIp,
  startTestCluster,
  uploadDocument,
  type Replica,
} from '../test/cluster/harness.ts';
import { round } from './throughput.ts';

/** Visitors chatting at a time, in all; each asks below the widget's own per-session limit (20 a minute). */
const AT_ONCE = 20;
const VISITORS = 60;
const ANSWERS_PER_VISITOR = 10;
const DOCUMENTS = 30;
/** The demo customer's plan lets a bot answer this many widget messages a minute (the platform's default is 300). */
const LIFTED_WIDGET_LIMIT = 1_000_000;
/** The cluster the README's scaling note is about, and the cores its shared servers would have. */
const PROJECTED_REPLICAS = 10;
const SHARED_CORES = 4;

const FACTS = shopFacts(0);

export async function benchCluster(): Promise<BenchRow[]> {
  const cluster = await startTestCluster();
  try {
    const [A, B] = cluster.replicas;
    const customer = await demoCustomer(A);
    await liftWidgetLimit(A, 'Pro');
    const bot = await createBot(A, customer.accessToken, { name: 'Bench bot' });
    const facts = await uploadDocument(A, customer.accessToken, bot.id, 'facts.txt', FACTS);
    if (facts.status !== 201) throw new Error(`upload failed: ${JSON.stringify(facts.body)}`);
    await settled(cluster.db, [facts.body.id as string]);

    let asked = 0;
    const chatUrl = (replica: Replica) => `${replica.url}/api/v1/public/bots/${bot.id}/chat?token=${bot.widgetToken}`;
    const visitors = async (count: number, on: Replica): Promise<Visitor[]> =>
      Promise.all(
        Array.from({ length: count }, async () => {
          const ip = randomClientIp();
          const session = await api(on, 'POST', '/public/bots/sessions/create', {
            body: { bot_id: bot.id },
            ip,
          });
          if (session.status !== 201) throw new Error(`no widget session: ${JSON.stringify(session.body)}`);
          const bodies = Array.from({ length: ANSWERS_PER_VISITOR }, () =>
            JSON.stringify({ message: variedQuestion(asked++), session_token: session.body.session_token }),
          );
          return { ip, bodies, answers: ANSWERS_PER_VISITOR };
        }),
      );

    await throughput(chatUrl(A), await visitors(AT_ONCE, A), AT_ONCE);
    const one = await throughput(chatUrl(A), await visitors(VISITORS, A), AT_ONCE);
    // The same load split over the two replicas, as a load balancer would: half the visitors on each.
    const [halfOnA, halfOnB] = await Promise.all([visitors(VISITORS / 2, A), visitors(VISITORS / 2, B)]);
    const usage = () => usageNow(cluster.db, cluster.databaseName, cluster.redisUrl);
    const before = await usage();
    const [onA, onB] = await Promise.all([throughput(chatUrl(A), halfOnA, AT_ONCE / 2), throughput(chatUrl(B), halfOnB, AT_ONCE / 2)]);
    const cost = perAnswer(before, await usage(), onA.answers + onB.answers);
    for (const result of [one, onA, onB]) {
      if (result.failed > 0) throw new Error(`${result.failed} answers failed, the first: ${result.firstFailure}`);
    }
    const both = onA.answersPerSecond + onB.answersPerSecond;

    const started = performance.now();
    const uploads = await Promise.all(
      Array.from({ length: DOCUMENTS }, (_, index) =>
        uploadDocument(index % 2 === 0 ? A : B, customer.accessToken, bot.id, `policy-${index}.txt`, `${FACTS}\n\nPolicy number ${index}.`),
      ),
    );
    for (const upload of uploads) if (upload.status !== 201) throw new Error(`upload failed: ${JSON.stringify(upload.body)}`);
    const chunks = await settled(
      cluster.db,
      uploads.map((upload) => upload.body.id as string),
    );
    const seconds = (performance.now() - started) / 1000;

    const ten = projectCluster(cost, {
      replicas: PROJECTED_REPLICAS,
      sharedCores: SHARED_CORES,
      // The platform sets no pool size: pg.Pool's default (10) it is.
      poolSize: pg.defaults.poolSize ?? 10,
      maxConnections: await availableConnections(cluster.db),
    });

    return [
      {
        benchmark: `widget chat answers/s through both replicas vs one (${AT_ONCE} visitors at a time, no two questions alike, the platform's model faked)`,
        value: round(both / one.answersPerSecond, 2),
        unit: 'x',
        goal: '-',
        ok: null,
        detail: `${round(both)} answers/s on two replicas (${round(onA.answersPerSecond)} + ${round(onB.answersPerSecond)}) vs ${round(one.answersPerSecond)} on one; ${VISITORS * ANSWERS_PER_VISITOR} answers each; all processes share this machine's ${availableParallelism()} cores`,
      },
      {
        benchmark: `documents ingested by the worker, ${DOCUMENTS} uploaded at once through both replicas`,
        value: round(DOCUMENTS / seconds, 2),
        unit: 'docs/s',
        goal: '-',
        ok: null,
        detail: `${DOCUMENTS} documents, ${chunks} chunks in ${round(seconds, 2)} s from the first upload to the last completed (one worker)`,
      },
      {
        benchmark: 'one widget answer through the replicas costs, measured',
        value: round(cost.cpuMs.api, 2),
        unit: 'ms API CPU',
        goal: '-',
        ok: null,
        detail: describeCost(cost),
      },
      {
        benchmark: `${PROJECTED_REPLICAS} replicas on paper (a core each; ${SHARED_CORES} cores each for PostgreSQL and Chroma): the first part to run out`,
        value: round(ten.firstLimit.replicas, 1),
        unit: 'replicas',
        goal: '-',
        ok: null,
        detail:
          `${ten.firstLimit.part} first; at ${PROJECTED_REPLICAS} replicas ${Math.round(ten.answersPerSecond)} answers/s ask ` +
          `PostgreSQL ${round(ten.coresNeeded.postgres, 2)} cores, Redis ${round(ten.coresNeeded.redis, 2)} of its one, ` +
          `Chroma ${round(ten.coresNeeded.chroma, 2)}; ${ten.connections} pooled connections against ${ten.maxConnections} available`,
      },
    ];
  } finally {
    await cluster.stop();
  }
}

function describeCost(cost: Usage): string {
  const ms = (value: number) => `${round(value, 2)} ms`;
  return (
    `CPU per answer: API ${ms(cost.cpuMs.api)}, worker ${ms(cost.cpuMs.worker)}, PostgreSQL ${ms(cost.cpuMs.postgres)}, ` +
    `Redis ${ms(cost.cpuMs.redis)}, Chroma ${ms(cost.cpuMs.chroma)}; ` +
    `${round(cost.transactions, 1)} PostgreSQL transactions and ${round(cost.redisCommands, 1)} Redis commands per answer; ` +
    `${cost.connections} connections open after the round (two replicas, the worker, the bench's 2)`
  );
}

/** Connections PostgreSQL accepts from ordinary roles. */
async function availableConnections(db: pg.Pool): Promise<number> {
  const { rows } = await db.query<{ max: string; reserved: string }>(
    "SELECT current_setting('max_connections') AS max, current_setting('superuser_reserved_connections') AS reserved",
  );
  return Number(rows[0]!.max) - Number(rows[0]!.reserved);
}

async function liftWidgetLimit(on: Replica, planName: string): Promise<void> {
  const admin = await logIn(on, 'admin@example.com', 'admin-demo-2026');
  const plans = await api(on, 'GET', '/admin/payment-plans/', { token: admin.accessToken });
  const plan = (plans.body as { id: string; name: string; plan_type?: string }[]).find((candidate) => candidate.name === planName);
  if (!plan) throw new Error(`no ${planName} plan: ${JSON.stringify(plans.body)}`);
  const lifted = await api(on, 'PATCH', `/admin/payment-plans/${plan.id}/edit`, {
    token: admin.accessToken,
    body: { widget_messages_per_minute: LIFTED_WIDGET_LIMIT },
  });
  if (lifted.status !== 200) throw new Error(`could not lift the plan's widget limit: ${JSON.stringify(lifted.body)}`);
}

/** Waits until every document has completed (failing on a failed one); answers their chunks in all. */
async function settled(
  db: { query(sql: string, values: unknown[]): Promise<{ rows: { status: string; chunkCount: number }[] }> },
  ids: string[],
) {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const { rows } = await db.query('SELECT status, "chunkCount" FROM documents WHERE id = ANY($1::text[])', [ids]);
    if (rows.some((row) => row.status === 'failed')) throw new Error('a document failed');
    if (rows.length === ids.length && rows.every((row) => row.status === 'completed')) {
      return rows.reduce((sum, row) => sum + row.chunkCount, 0);
    }
    if (Date.now() > deadline) throw new Error('the documents were not ingested within 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(
    (await benchCluster()).map((row) => ({
      benchmark: row.benchmark,
      result: `${row.value} ${row.unit}`,
      goal: row.goal,
      detail: row.detail,
    })),
  );
}
