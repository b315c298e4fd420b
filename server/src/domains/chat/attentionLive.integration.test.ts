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

type Changes = AsyncIterableIterator<{ data?: Change | null; errors?: unknown }>;

const listen = (account: TestAccount): Changes => server.subscriptions(account.accessToken).iterate<Change>({ query: CHANGES }) as Changes;

/** The next event `changes` delivers while `act` is repeated (the server subscribes asynchronously). */
async function nextChangeWhile(changes: Changes, act: (attempt: number) => Promise<void>): Promise<Change['needsAttentionChanged']> {
  const next = changes.next();
  let received = false;
  void next.then(() => {
    received = true;
  });
  for (let attempt = 0; attempt < 50 && !received; attempt++) {
    await act(attempt);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const result = await next;
  expect(result.value?.errors).toBeUndefined();
  return result.value!.data!.needsAttentionChanged;
}

/** The first event of a new subscription of the owner's while `act` is repeated. */
async function firstChangeWhile(act: (attempt: number) => Promise<void>): Promise<Change['needsAttentionChanged']> {
  const changes = listen(owner);
  try {
    return await nextChangeWhile(changes, act);
  } finally {
    await changes.return?.();
  }
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

  it("never tells another customer of the owner's bots", async () => {
    const stranger = await signUp(server, 'Live Attention Stranger');
    await grantSubscription(server, stranger.userId, 'Pro');
    const strangerBot = await botWithKnowledge(server, stranger.accessToken, FACTS);
    const strangers = listen(stranger);
    try {
      // The stranger's subscription is live once it has heard of their own bot...
      const own = await nextChangeWhile(strangers, async (attempt) => {
        await visitorAsks(server, strangerBot, 'Do you repair bikes?', `198.18.22.${attempt + 1}`);
      });
      expect(own.chatLog?.message).toBe('Do you repair bikes?');
      // ...then the owner's bot refuses a question, and the owner hears of it...
      const owners = await firstChangeWhile(async (attempt) => {
        await visitorAsks(server, bot, 'Do you rent kayaks?', `198.18.23.${attempt + 1}`);
      });
      expect(owners.chatLog?.message).toBe('Do you rent kayaks?');
      // ...and the stranger's events up to their own next question (the subscription is live: one ask
      // does) are all of their own bot: the owner's never reached them.
      await visitorAsks(server, strangerBot, 'Do you sell helmets?', '198.18.24.1');
      const heard: string[] = [];
      while (!heard.includes('Do you sell helmets?')) {
        const result = await strangers.next();
        expect(result.value?.errors).toBeUndefined();
        heard.push(result.value!.data!.needsAttentionChanged.chatLog!.message);
      }
      // (A repeat of the first question may come first: it was asked until the subscription heard it.)
      expect(heard.filter((question) => question !== 'Do you repair bikes?')).toEqual(['Do you sell helmets?']);
    } finally {
      await strangers.return?.();
    }
  });

  it('refuses an anonymous client', async () => {
    const subscription = server.subscriptions(undefined).iterate({ query: CHANGES });
    const result = await subscription.next().catch((error: unknown) => ({ error }));
    const errors = 'error' in result ? result.error : result.value?.errors;
    expect(JSON.stringify(errors)).toMatch(/Authentication required/);
  });
});
