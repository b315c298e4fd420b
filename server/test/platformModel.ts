import { signUpWithoutTrial, type TestAccount } from './accounts.ts';
import { startFakeOpenAI, type FakeOpenAI } from './fakeOpenAI.ts';
import { startTestServer, type TestServer } from './harness.ts';

export interface PlatformModelServer {
  model: FakeOpenAI;
  server: TestServer;
  /** A customer on credits (100 granted) whose bots answer with the platform's model, `test-model`. */
  owner: TestAccount;
  close(): Promise<void>;
}

/** A server whose platform AI is the fake OpenAI model, with a customer paying its answers in credits. */
export async function serverWithPlatformModel(ownerName: string, env: Record<string, string> = {}): Promise<PlatformModelServer> {
  const model = await startFakeOpenAI();
  const server = await startTestServer({
    OPENAI_API_KEY: 'sk-platform-key-0000000000000000',
    OPENAI_BASE_URL: model.baseUrl,
    LLM_MODEL: 'test-model',
    ...env,
  });
  const owner = await signUpWithoutTrial(server, ownerName);
  await server.services.billing.grantCredits(owner.userId, { kind: 'bonus', amount: 100, idempotencyKey: `model:${owner.userId}` });
  return {
    model,
    server,
    owner,
    close: async () => {
      await server.close();
      await model.close();
    },
  };
}
