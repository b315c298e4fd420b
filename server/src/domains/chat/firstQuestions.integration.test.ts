// Many first questions of one conversation at the same moment (a double-clicked Send, a script, a
// number sending a burst): every one is answered and recorded, in one conversation, on one replica
// or several sharing the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, logIn, signUp, signUpWithoutTrial, type TestAccount } from '../../../test/accounts.ts';
import { configureWhatsApp, deliver, startFakeWhatsApp, textDelivery, type FakeWhatsApp } from '../../../test/fakeWhatsApp.ts';
import { api, startTestServer, type ApiResponse, type TestServer } from '../../../test/harness.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { WHATSAPP_REPLIES } from '../whatsapp/service.ts';
import { DEMO_CHAT_RATE_LIMITS } from '../demo/service.ts';
import { WIDGET_RATE_LIMITS } from './limits.ts';

const FACTS = 'Delivery. Orders ship from our Lyon warehouse within two business days.';
const QUESTION = 'Where do orders ship from?';
const AT_ONCE = 20;

let meta: FakeWhatsApp;
let server: TestServer;
/** More replicas on the same database, as a cluster runs them (each with its own queue and rate limiter). */
let replicas: TestServer[] = [];

beforeAll(async () => {
  meta = await startFakeWhatsApp();
  server = await startTestServer({ WHATSAPP_API_URL: meta.url, WHATSAPP_APP_SECRET: meta.appSecret });
  const admin = await logIn(server, 'admin@example.com', 'admin-demo-2026');
  await configureWhatsApp(server, meta, admin.accessToken);
  replicas = [server];
  for (let started = 1; started < 4; started++) {
    replicas.push(
      await startTestServer({ WHATSAPP_API_URL: meta.url, WHATSAPP_APP_SECRET: meta.appSecret }, { shareDatabaseWith: server }),
    );
  }
});

afterAll(async () => {
  // The first replica drops the database: it closes last.
  for (const replica of replicas.slice(1)) await replica.close();
  await server?.close();
  await meta?.close();
});

/** What one conversation of the bot holds: its rows, and its questions and answers. */
async function conversationsOf(botId: string) {
  const sessions = await server.platform.prisma.chatSession.findMany({ where: { botId }, include: { messages: true } });
  return sessions.map((session) => ({
    channel: session.channel,
    questions: session.messages.filter((message) => message.role === 'user').length,
    answers: session.messages.filter((message) => message.role === 'assistant' && message.replyToId !== null).length,
  }));
}

const statusesOf = (responses: ApiResponse[]) => responses.map((response) => response.status);

describe('concurrent first questions of one conversation', () => {
  it(`answers ${AT_ONCE} first questions of one widget session at once, and records them all in its conversation`, async () => {
    expect(AT_ONCE).toBeLessThanOrEqual(WIDGET_RATE_LIMITS.perSession.limit);
    const owner = await signUp(server, 'Widget Owner');
    await grantSubscription(server, owner.userId, 'Pro');
    const bot = await botWithKnowledge(server, owner.accessToken, FACTS);
    const created = await api(server, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } });
    expect(created.status).toBe(201);
    const sessionToken = created.body.session_token as string;

    const responses = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        api(server, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
          body: { message: QUESTION, session_token: sessionToken },
        }),
      ),
    );

    expect(statusesOf(responses)).toEqual(Array.from({ length: AT_ONCE }, () => 200));
    expect(await conversationsOf(bot.id)).toEqual([{ channel: 'widget', questions: AT_ONCE, answers: AT_ONCE }]);
    const history = await api(server, 'GET', `/public/bots/${bot.id}/chat-history?session_token=${sessionToken}`);
    expect(history.body).toHaveLength(2 * AT_ONCE);
  });

  it(`answers ${AT_ONCE} first questions of one demo session at once, from two replicas, in one conversation`, async () => {
    // Each replica's own limiter lets the per-minute rule's worth of one session's questions through.
    const perReplica = DEMO_CHAT_RATE_LIMITS.perSession.limit;
    const [first, second] = replicas as [TestServer, TestServer];
    expect(2 * perReplica).toBe(AT_ONCE);
    const session = await api(server, 'POST', '/demobot/demo-session');
    expect(session.status).toBe(201);
    const token = session.body.session_token as string;
    const [template] = (await api(server, 'GET', '/template/')).body;
    const bot = await api(server, 'POST', '/demobot/create-demo-bot', {
      body: { template_prompt_id: template.id, demo_user_session_token: token },
    });
    expect(bot.status).toBe(201);

    const ask = (replica: TestServer) =>
      api(replica, 'POST', '/demobots/chat', { body: { bot_id: bot.body.id, demo_user_session_token: token, query: QUESTION } });
    const responses = await Promise.all(Array.from({ length: perReplica }, () => [ask(first), ask(second)]).flat());

    expect(statusesOf(responses)).toEqual(Array.from({ length: AT_ONCE }, () => 200));
    expect(responses.filter((response) => typeof response.body.answer !== 'string' || response.body.answer === '')).toEqual([]);
    expect(await conversationsOf(bot.body.id)).toEqual([{ channel: 'demo', questions: AT_ONCE, answers: AT_ONCE }]);
  });

  it(`answers ${AT_ONCE} first messages of one WhatsApp number delivered at once to a cluster, in one conversation, charging each once`, async () => {
    const customer: TestAccount = await signUpWithoutTrial(server, 'WhatsApp Owner');
    await server.services.billing.grantCredits(customer.userId, {
      kind: 'adjustment',
      amount: 100,
      idempotencyKey: `first-questions:${customer.userId}`,
      description: 'test credits',
    });
    const bot = await botWithKnowledge(server, customer.accessToken, FACTS);
    const number = `3362${String(Date.now()).slice(-8)}`;
    const linked = await api(server, 'POST', '/whatsapp/register-bot-link', {
      token: customer.accessToken,
      body: { bot_id: bot.id, phone_number: number },
    });
    expect(linked.status).toBe(200);

    const deliveries = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, index) =>
        deliver(replicas[index % replicas.length]!.url, textDelivery(number, QUESTION, { name: 'Jane Visitor' }).payload, {
          secret: meta.appSecret,
        }),
      ),
    );
    expect(deliveries).toEqual(Array.from({ length: AT_ONCE }, () => ({ status: 200, body: { received: true, queued: 1 } })));
    await Promise.all(replicas.map((replica) => replica.platform.queue.onIdle!()));

    const replies = (await meta.waitForSent(AT_ONCE, number)).map((message) => message.text);
    expect(replies).toHaveLength(AT_ONCE);
    expect(replies.filter((reply) => reply === WHATSAPP_REPLIES.failed)).toEqual([]);
    expect(await conversationsOf(bot.id)).toEqual([{ channel: 'whatsapp', questions: AT_ONCE, answers: AT_ONCE }]);
    const usage = await server.platform.prisma.creditLedgerEntry.count({ where: { userId: customer.userId, kind: 'usage' } });
    expect(usage).toBe(AT_ONCE);
  });
});
