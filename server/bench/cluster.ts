// `npm run bench:cluster`: the scale-out topology's figures on this machine (`npm run cluster` on free
// ports: two compiled API replicas, a worker, Chroma, the machine's PostgreSQL and Redis). Widget chat
// answers per second through both replicas against one replica, by the same load generator in the same
// run; and documents ingested per second by the worker. Reported, never asserted.
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { throughput, type Visitor } from './chatLoad.ts';
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

/** Visitors chatting at a time, in all; each asks below the widget's own per-session limit (20 a minute). */
const AT_ONCE = 20;
const VISITORS = 60;
const ANSWERS_PER_VISITOR = 10;
const DOCUMENTS = 30;
/** The demo customer's plan lets a bot answer this many widget messages a minute (the platform's default is 300). */
const LIFTED_WIDGET_LIMIT = 1_000_000;

const FACTS = [
  'Velo Bikes refund policy. Refunds are accepted within 30 days of delivery when the bike is unused.',
  'Delivery. Orders ship from our Lyon warehouse within two business days.',
  'Opening hours. The Lyon store opens at 9 am from Monday to Saturday.',
].join('\n\n');

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

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
          return {
            ip,
            body: JSON.stringify({ message: 'Where do orders ship from?', session_token: session.body.session_token }),
            answers: ANSWERS_PER_VISITOR,
          };
        }),
      );

    await throughput(chatUrl(A), await visitors(AT_ONCE, A), AT_ONCE);
    const one = await throughput(chatUrl(A), await visitors(VISITORS, A), AT_ONCE);
    // The same load split over the two replicas, as a load balancer would: half the visitors on each.
    const [onA, onB] = await Promise.all([
      throughput(chatUrl(A), await visitors(VISITORS / 2, A), AT_ONCE / 2),
      throughput(chatUrl(B), await visitors(VISITORS / 2, B), AT_ONCE / 2),
    ]);
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

    return [
      {
        benchmark: `widget chat answers/s through both replicas vs one (${AT_ONCE} visitors at a time, offline answerer)`,
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
    ];
  } finally {
    await cluster.stop();
  }
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
