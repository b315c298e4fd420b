import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, signUp, type TestAccount } from '../../../test/accounts.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { api, startTestServer, type TestServer } from '../../../test/harness.ts';
import { visitorAsks } from '../../../test/widget.ts';

// Needs attention, live: the owner's open screen hears of a refused question and of a rating as they
// happen, with the list read again (the grouping is the server's) in the same event.

const FACTS = 'Opening hours. The Lyon store opens at 9 am from Monday to Saturday.';

const CHANGES = `
  subscription {
    needsAttentionChanged {
      chatLog { message rating }
      viewer { needsAttention(first: 10) { edges { node { question count reasons } } } }
    }
  }`;

interface Change {
  needsAttentionChanged: {
    chatLog: { message: string; rating: string | null } | null;
    viewer: { needsAttention: { edges: { node: { question: string; count: number; reasons: string[] } }[] } };
  };
}

let server: TestServer;
let owner: TestAccount;
let bot: { id: string; widgetToken: string };

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server, 'Live Attention Owner');
  await grantSubscription(server, owner.userId, 'Pro');
  bot = await botWithKnowledge(server, owner.accessToken, FACTS);
});

afterAll(async () => {
  await server?.close();
});

/** The first event the subscription delivers while `act` is repeated (the server subscribes asynchronously). */
async function firstChangeWhile(act: (attempt: number) => Promise<void>): Promise<Change['needsAttentionChanged']> {
  const subscription = server.subscriptions(owner.accessToken).iterate<Change>({ query: CHANGES });
  const first = subscription.next();
  let received = false;
  void first.then(() => {
    received = true;
  });
  for (let attempt = 0; attempt < 50 && !received; attempt++) {
    await act(attempt);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const result = await first;
  await subscription.return?.();
  expect(result.value?.errors).toBeUndefined();
  return result.value!.data!.needsAttentionChanged;
}

describe('needsAttentionChanged over graphql-ws', () => {
  it('tells the owner of a question the bot could not answer, with the list as it now stands', async () => {
    const change = await firstChangeWhile(async (attempt) => {
      await visitorAsks(server, bot, 'Do you sell gift cards?', `198.18.20.${attempt + 1}`);
    });
    expect(change.chatLog?.message).toBe('Do you sell gift cards?');
    const groups = change.viewer.needsAttention.edges.map((edge) => edge.node);
    expect(groups).toEqual([expect.objectContaining({ question: 'Do you sell gift cards?', reasons: ['UNANSWERED'] })]);
  });

  it('tells the owner of a thumbs-down on an answer, which joins the list', async () => {
    const asked = await visitorAsks(server, bot, 'When does the Lyon store open?', '198.18.21.1');
    const change = await firstChangeWhile(async () => {
      const rated = await api(server, 'POST', `/public/bots/${bot.id}/messages/${asked.messageId}/rating?token=${bot.widgetToken}`, {
        body: { session_token: asked.sessionToken, rating: 'down' },
        headers: { 'x-forwarded-for': '198.18.21.1' },
      });
      expect(rated.status, JSON.stringify(rated.body)).toBe(200);
    });
    expect(change.chatLog).toEqual({ message: 'When does the Lyon store open?', rating: 'DOWN' });
    expect(change.viewer.needsAttention.edges.map((edge) => edge.node)).toContainEqual(
      expect.objectContaining({ question: 'When does the Lyon store open?', reasons: ['RATED_DOWN'] }),
    );
  });

  it('refuses an anonymous client', async () => {
    const subscription = server.subscriptions(undefined).iterate({ query: CHANGES });
    const result = await subscription.next().catch((error: unknown) => ({ error }));
    const errors = 'error' in result ? result.error : result.value?.errors;
    expect(JSON.stringify(errors)).toMatch(/Authentication required/);
  });
});
