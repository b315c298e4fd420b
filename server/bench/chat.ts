import { performance } from 'node:perf_hooks';
import type { BenchRow } from './knowledge.ts';
import { grantSubscription, signUp } from '../test/accounts.ts';
import { startFakeOpenAI } from '../test/fakeOpenAI.ts';
import { api, startTestServer } from '../test/harness.ts';
import { botWithKnowledge } from '../test/knowledge.ts';

const CONCURRENT = 50;
const THROUGHPUT_REQUESTS = 200;
const THROUGHPUT_CONCURRENCY = 20;

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const clientIp = (index: number) => `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`;

/** Platform time to the first streamed token, and answers per second, against an instant local model. */
export async function benchWidgetChat(): Promise<BenchRow[]> {
  const model = await startFakeOpenAI();
  model.answerWith('Orders ship from Lyon within two business days [1].');
  const server = await startTestServer({ OPENAI_API_KEY: 'sk-bench-platform-key-00000000000', OPENAI_BASE_URL: model.baseUrl });
  try {
    const owner = await signUp(server, 'Bench');
    await grantSubscription(server, owner.userId, 'Enterprise');
    const bot = await botWithKnowledge(
      server,
      owner.accessToken,
      'Delivery. Orders ship from our Lyon warehouse within two business days.',
    );
    const sessionFor = async (index: number) =>
      (
        await api(server, 'POST', '/public/bots/sessions/create', {
          body: { bot_id: bot.id },
          headers: { 'x-forwarded-for': clientIp(index) },
        })
      ).body.session_token as string;

    const ask = async (index: number, session: string) => {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/v1/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-forwarded-for': clientIp(index) },
        body: JSON.stringify({ message: 'Where do orders ship from?', session_token: session }),
      });
      const reader = response.body!.getReader();
      let firstToken = NaN;
      let text = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
        if (Number.isNaN(firstToken) && text.includes('event: token')) firstToken = performance.now() - started;
      }
      if (!text.includes('event: done')) throw new Error(`chat ${index} did not finish: ${text.slice(0, 200)}`);
      return firstToken;
    };

    const sessions = await Promise.all(Array.from({ length: CONCURRENT }, (_, index) => sessionFor(index)));
    const firstTokens = (await Promise.all(sessions.map((session, index) => ask(index, session)))).sort((left, right) => left - right);

    const throughputSessions = await Promise.all(
      Array.from({ length: THROUGHPUT_CONCURRENCY }, (_, index) => sessionFor(CONCURRENT + index)),
    );
    let next = 0;
    const started = performance.now();
    await Promise.all(
      throughputSessions.map(async (session, worker) => {
        while (next < THROUGHPUT_REQUESTS) {
          next++;
          await ask(CONCURRENT + worker, session);
        }
      }),
    );
    const perSecond = THROUGHPUT_REQUESTS / ((performance.now() - started) / 1000);

    const p50 = percentile(firstTokens, 0.5);
    const p95 = percentile(firstTokens, 0.95);
    return [
      {
        benchmark: `time to first streamed token, ${CONCURRENT} concurrent widget chats (p50 / p95)`,
        value: round(p95),
        unit: 'ms p95',
        goal: 'p95 < 50',
        ok: p95 < 50,
        detail: `p50 ${round(p50)} ms, p95 ${round(p95)} ms`,
      },
      {
        benchmark: `widget chat answers per second (${THROUGHPUT_CONCURRENCY} at a time)`,
        value: round(perSecond),
        unit: 'answers/s',
        goal: 'report',
        ok: true,
        detail: `${THROUGHPUT_REQUESTS} answers`,
      },
    ];
  } finally {
    await server.close();
    await model.close();
  }
}
