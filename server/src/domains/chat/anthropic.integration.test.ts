import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, signUp, signUpWithoutTrial, type TestAccount } from '../../../test/accounts.ts';
import { FAKE_ANTHROPIC_INPUT_TOKENS, startFakeAnthropic, type FakeAnthropic } from '../../../test/fakeAnthropic.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fakeOpenAI.ts';
import { api, startTestServer, type TestServer } from '../../../test/harness.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { readEvents } from '../../../test/serverSentEvents.ts';
import { ADMIN_CONFIG_KEYS, AdminConfigStore } from '../../platform/settings.ts';

const FACTS = [
  'Returns. Bikes can be returned within 30 days of delivery when unused.',
  'Delivery. Orders ship from our Lyon warehouse within two business days.',
].join('\n\n');
const CUSTOMER_KEY = 'sk-ant-api03-customer-key-0000000000000000';
const PLATFORM_KEY = 'sk-ant-api03-platform-key-0000000000000000';
const ANSWER = 'Orders ship from Lyon within two business days [1].';

// The platform's own AI is an OpenAI-compatible service; a customer's Anthropic key goes to Anthropic.
let anthropic: FakeAnthropic;
let openAi: FakeOpenAI;
let server: TestServer;
let subscriber: TestAccount;
let bot: { id: string; widgetToken: string };

beforeAll(async () => {
  [anthropic, openAi] = await Promise.all([startFakeAnthropic(), startFakeOpenAI()]);
  server = await startTestServer({
    OPENAI_API_KEY: 'sk-platform-key-0000000000000000',
    OPENAI_BASE_URL: openAi.baseUrl,
    LLM_MODEL: 'gpt-test-model',
    ANTHROPIC_BASE_URL: anthropic.baseUrl,
    ANTHROPIC_MODEL: 'claude-test-model',
  });
  subscriber = await signUp(server, 'Anthropic Key');
  await grantSubscription(server, subscriber.userId, 'Pro');
  const saved = await api(server, 'POST', '/usersbilling/set-api-key', { token: subscriber.accessToken, body: { api_key: CUSTOMER_KEY } });
  if (saved.status !== 200) throw new Error(`saving the key failed: ${JSON.stringify(saved.body)}`);
  bot = await botWithKnowledge(server, subscriber.accessToken, FACTS);
  anthropic.answerWith(ANSWER);
});

afterAll(async () => {
  await server?.close();
  await Promise.all([anthropic?.close(), openAi?.close()]);
});

const latestAnswer = () =>
  server.platform.prisma.chatMessage.findFirstOrThrow({
    where: { role: 'assistant', session: { botId: bot.id } },
    orderBy: { createdAt: 'desc' },
  });

const testChat = (accept: string) =>
  fetch(`${server.url}/api/v1/bots/${bot.id}/rag-chat?query=${encodeURIComponent('Where do orders ship from?')}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${subscriber.accessToken}`, accept },
  });

async function widgetChat(accept: string) {
  const session = (await api(server, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } })).body.session_token;
  return fetch(`${server.url}/api/v1/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept },
    body: JSON.stringify({ message: 'Where do orders ship from?', session_token: session }),
  });
}

describe("a subscriber's own Anthropic key", () => {
  it('answers the test chat through Anthropic with their key and the configured model, and never charges them', async () => {
    const sentToOpenAi = openAi.requests.length;
    const response = await testChat('application/json');
    expect(response.status).toBe(200);
    const body = (await response.json()) as any;
    expect(body.response).toBe(ANSWER);
    expect(body.sources).toEqual([expect.objectContaining({ index: 1, title: 'policies.txt' })]);

    expect(anthropic.apiKeys.at(-1)).toBe(CUSTOMER_KEY);
    const request = anthropic.requests.at(-1)!;
    expect(request).toMatchObject({ model: 'claude-test-model', stream: true, max_tokens: 1000 });
    expect(request.system).toContain('Orders ship from our Lyon warehouse');
    expect(openAi.requests).toHaveLength(sentToOpenAi);

    const answer = await latestAnswer();
    expect(answer).toMatchObject({
      content: ANSWER,
      model: 'claude-test-model',
      promptTokens: FAKE_ANTHROPIC_INPUT_TOKENS,
      completionTokens: ANSWER.split(' ').length,
    });
    expect(answer.costCredits.toNumber()).toBe(0);
    const billing = await server.platform.prisma.billingSettings.findUniqueOrThrow({ where: { userId: subscriber.userId } });
    expect(billing.usedCredits.toNumber()).toBe(0);
  });

  it.each([
    ['test chat', testChat],
    ['widget', widgetChat],
  ])("streams Anthropic's tokens to the %s as server-sent events", async (_channel, ask) => {
    const events = await readEvents(await ask('text/event-stream'));
    const tokens = events.filter((entry) => entry.event === 'token').map((entry) => entry.data.token);
    expect(tokens.join('')).toBe(ANSWER);
    expect(tokens.length).toBeGreaterThan(3);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { response: ANSWER } });
    expect(anthropic.apiKeys.at(-1)).toBe(CUSTOMER_KEY);
  });

  it("answers the widget's JSON request through Anthropic", async () => {
    const response = await widgetChat('application/json');
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).response).toBe(ANSWER);
    expect(anthropic.apiKeys.at(-1)).toBe(CUSTOMER_KEY);
  });

  it('tells the customer to check their key when Anthropic rejects it', async () => {
    anthropic.failWith(401, 'authentication_error', 'invalid x-api-key');
    const response = await testChat('application/json');
    expect(response.status).toBe(503);
    expect(((await response.json()) as any).detail).toBe('The AI provider rejected the API key. Check the key in Billing.');
    anthropic.answerWith(ANSWER);
  });
});

describe("the platform's Anthropic key, set by an admin", () => {
  it("answers a credit customer's bot through Anthropic and charges the credit", async () => {
    const adminConfig = new AdminConfigStore({ prisma: server.platform.prisma, secrets: server.platform.secrets });
    await adminConfig.set(ADMIN_CONFIG_KEYS.aiProviderKey, PLATFORM_KEY);
    const customer = await signUpWithoutTrial(server, 'Credit Customer');
    await server.services.billing.grantCredits(customer.userId, { kind: 'bonus', amount: 2, idempotencyKey: 'anthropic-credits' });
    const creditBot = await botWithKnowledge(server, customer.accessToken, FACTS);

    const response = await api(server, 'POST', `/bots/${creditBot.id}/rag-chat?query=shipping`, { token: customer.accessToken });
    expect(response.status).toBe(200);
    expect(response.body.response).toBe(ANSWER);
    expect(anthropic.apiKeys.at(-1)).toBe(PLATFORM_KEY);
    expect(anthropic.requests.at(-1)!.model).toBe('claude-test-model');
    const billing = await server.platform.prisma.billingSettings.findUniqueOrThrow({ where: { userId: customer.userId } });
    expect(billing.totalCredits.minus(billing.usedCredits).toNumber()).toBe(1);
  });
});
