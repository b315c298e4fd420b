import type { BaseMessageLike } from '@langchain/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ANTHROPIC_INPUT_TOKENS, startFakeAnthropic, type FakeAnthropic } from '../../../test/fakeAnthropic.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fakeOpenAI.ts';
import { chatProviderForKey, createChatModel, type ChatModelSettings } from './index.ts';

const ANTHROPIC_KEY = 'sk-ant-api03-test-key-0000000000000000';
const MESSAGES: BaseMessageLike[] = [
  ['system', 'Answer from the passages.'],
  ['user', 'When do you open?'],
];

let anthropic: FakeAnthropic;
let openAi: FakeOpenAI;

beforeAll(async () => {
  [anthropic, openAi] = await Promise.all([startFakeAnthropic(), startFakeOpenAI()]);
});

afterAll(async () => {
  await Promise.all([anthropic?.close(), openAi?.close()]);
});

const claude = (settings: Partial<ChatModelSettings> = {}) =>
  createChatModel({ provider: 'anthropic', apiKey: ANTHROPIC_KEY, baseUrl: anthropic.baseUrl, model: 'claude-haiku-4-5', ...settings });

describe('chatProviderForKey', () => {
  it.each([
    ['sk-ant-api03-abcdefghijklmnopqrstuvwxyz', 'anthropic'],
    ['sk-ant-admin01-abcdefghijklmnopqrstuvwxyz', 'anthropic'],
    ['sk-proj-AbC123_def-456ghiJKL789mno', 'openai'],
    ['sk-abcdefghijklmnopqrstuvwx', 'openai'],
    ['sk-antelope-abcdefghijklmnopqrstuvwx', 'openai'],
    ['ollama', 'openai'],
  ])('sends %s to %s', (key, provider) => {
    expect(chatProviderForKey(key)).toBe(provider);
  });
});

describe('createChatModel with an Anthropic endpoint', () => {
  it("streams the answer's text and usage from Anthropic's Messages API", async () => {
    anthropic.answerWith('We open at 9 am from Monday to Saturday.');
    const tokens: string[] = [];
    const usage = { input: 0, output: 0 };
    for await (const chunk of await claude({ temperature: 0.3, maxTokens: 200 }).stream(MESSAGES)) {
      if (chunk.text) tokens.push(chunk.text);
      usage.input = Math.max(usage.input, chunk.usage_metadata?.input_tokens ?? 0);
      usage.output = Math.max(usage.output, chunk.usage_metadata?.output_tokens ?? 0);
    }
    expect(tokens.join('')).toBe('We open at 9 am from Monday to Saturday.');
    expect(tokens).toHaveLength(9);
    expect(usage).toEqual({ input: FAKE_ANTHROPIC_INPUT_TOKENS, output: 9 });
    expect(anthropic.apiKeys.at(-1)).toBe(ANTHROPIC_KEY);
    expect(anthropic.requests.at(-1)).toMatchObject({
      model: 'claude-haiku-4-5',
      stream: true,
      temperature: 0.3,
      max_tokens: 200,
      system: 'Answer from the passages.',
      messages: [{ role: 'user', content: 'When do you open?' }],
    });
  });

  it('answers without streaming, with the text and usage', async () => {
    anthropic.answerWith('Nine in the morning.');
    const answer = await claude().invoke(MESSAGES);
    expect(answer.text).toBe('Nine in the morning.');
    expect(answer.usage_metadata).toMatchObject({ input_tokens: FAKE_ANTHROPIC_INPUT_TOKENS, output_tokens: 4 });
    expect(anthropic.requests.at(-1)!.stream).toBeFalsy();
  });

  it('leaves the temperature out for a model that refuses one, instead of failing', async () => {
    anthropic.answerWith('OK');
    const answer = await claude({ model: 'claude-sonnet-5', temperature: 0.3 }).invoke(MESSAGES);
    expect(answer.text).toBe('OK');
    expect(anthropic.requests.at(-1)).toMatchObject({ model: 'claude-sonnet-5' });
    expect(anthropic.requests.at(-1)).not.toHaveProperty('temperature');
  });

  it("fails with the provider's status, which the chat turns into a message", async () => {
    anthropic.failWith(401, 'authentication_error', 'invalid x-api-key');
    await expect(claude().invoke(MESSAGES)).rejects.toMatchObject({ status: 401 });
    anthropic.answerWith('OK');
  });
});

describe('createChatModel with an OpenAI-compatible endpoint', () => {
  it('answers through the OpenAI API with the key as a bearer token', async () => {
    openAi.answerWith('Nine in the morning.');
    const sentToAnthropic = anthropic.requests.length;
    const model = createChatModel({ provider: 'openai', apiKey: 'sk-openai-key-000000000000', baseUrl: openAi.baseUrl, model: 'gpt-test' });
    expect((await model.invoke(MESSAGES)).text).toBe('Nine in the morning.');
    expect(openAi.authorizations.at(-1)).toBe('Bearer sk-openai-key-000000000000');
    expect(openAi.requests.at(-1)).toMatchObject({ model: 'gpt-test' });
    expect(anthropic.requests).toHaveLength(sentToAnthropic);
  });
});
