import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { loadQuery } from 'react-relay';
import type { OperationDescriptor } from 'relay-runtime';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { toaster } from '../../ui/toaster.tsx';
import type { ConversationRouteQuery } from './__generated__/ConversationRouteQuery.graphql.ts';
import type { InboxRouteQuery } from './__generated__/InboxRouteQuery.graphql.ts';
import { ConversationScreen, conversationQuery } from './ConversationRoute.tsx';
import { InboxScreen, inboxQuery, loadInboxQuery } from './InboxRoute.tsx';

type MockEnvironment = ReturnType<typeof createMockEnvironment>;

const VIEWER_ID = 'viewer-1';
const supportBotId = btoa('Bot:bot-1');
const salesBotId = btoa('Bot:bot-2');
const conversationId = (id: string) => btoa(`Conversation:${id}`);

const conversation = (id: string, extra: Record<string, unknown> = {}) => ({
  id: conversationId(id),
  visitorName: `Visitor ${id}`,
  visitorEmail: null,
  replyEmail: null,
  phoneNumber: null,
  pageUrl: null,
  channel: 'widget',
  status: 'BOT',
  lastMessage: `last words of ${id}`,
  lastMessageAt: '2026-11-20T10:00:00Z',
  createdAt: '2026-11-20T09:58:00Z',
  statusChangedAt: null,
  unreadCount: 0,
  bot: { id: supportBotId, name: 'Support bot' },
  ...extra,
});

const message = (id: string, role: string, text: string, extra: Record<string, unknown> = {}) => ({
  id: btoa(`ConversationMessage:${id}`),
  role,
  text,
  createdAt: '2026-11-20T10:00:00Z',
  authorName: null,
  sources: [],
  ...extra,
});

/** The latest operation of that name the screen has sent. */
const operationNamed = (environment: MockEnvironment, name: string): OperationDescriptor =>
  environment.mock
    .getAllOperations()
    .filter((operation) => operation.request.node.params.name === name)
    .at(-1)!;

const listResolvers = (conversations: unknown[]) => ({
  User: () => ({ id: VIEWER_ID }),
  UserConversationsConnection: () => ({
    edges: conversations.map((node, index) => ({ cursor: `c${index}`, node })),
    pageInfo: { hasNextPage: false, endCursor: 'c1' },
  }),
  UserBotsConnection: () => ({
    edges: [
      { cursor: 'b1', node: { id: supportBotId, name: 'Support bot' } },
      { cursor: 'b2', node: { id: salesBotId, name: 'Sales bot' } },
    ],
  }),
});

function renderInbox(conversations: unknown[]) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<InboxRouteQuery>(environment, inboxQuery, {});
  environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation, listResolvers(conversations)));
  renderRoute(
    <Suspense fallback="loading">
      <InboxScreen queryRef={queryRef} />
    </Suspense>,
    { environment, path: '/inbox' },
  );
  return environment;
}

/** The visitors' names in the list, top to bottom. */
const listedVisitors = () =>
  within(screen.getByRole('list', { name: 'Conversations' }))
    .getAllByRole('link')
    .map((link) => link.querySelector('p')?.textContent);

async function pushInboxChange(environment: MockEnvironment, changed: unknown, withMessage: boolean) {
  const live = operationNamed(environment, 'InboxListChangesSubscription');
  await act(async () => {
    environment.mock.nextValue(live, {
      data: { inboxChanged: { conversation: changed, message: withMessage ? { id: btoa('ConversationMessage:new') } : null } },
    });
  });
}

function renderConversation(status = 'WAITING', unreadCount = 2, replyEmail: string | null = null, pageUrl: string | null = null) {
  const environment = createMockEnvironment();
  const id = conversationId('c1');
  const queryRef = loadQuery<ConversationRouteQuery>(environment, conversationQuery, { id });
  environment.mock.resolveMostRecentOperation((operation) =>
    MockPayloadGenerator.generate(operation, {
      Node: () => ({ __typename: 'Conversation', id }),
      Conversation: () =>
        conversation('c1', {
          status,
          unreadCount,
          replyEmail,
          pageUrl,
          visitorName: 'Ada',
          visitorEmail: 'ada@example.com',
          phoneNumber: null,
        }),
      ConversationMessagesConnection: () => ({
        edges: [
          { cursor: 'm1', node: message('m1', 'VISITOR', 'Do you deliver to Lyon?') },
          {
            cursor: 'm2',
            node: message('m2', 'BOT', 'Yes, in two days [1].', {
              sources: [{ index: 1, title: 'Delivery policy', url: 'https://shop.example/delivery', page: null, snippet: 'Lyon: 2 days.' }],
            }),
          },
          { cursor: 'm3', node: message('m3', 'VISITOR', 'Can I talk to a person?') },
        ],
        pageInfo: { hasPreviousPage: true, startCursor: 'm1' },
      }),
    }),
  );
  renderRoute(
    <Suspense fallback="loading">
      <ConversationScreen queryRef={queryRef} />
    </Suspense>,
    { environment, path: '/inbox/:conversationId', at: `/inbox/${id}` },
  );
  return { environment, id };
}

/** Each message of the transcript, top to bottom (a bot's sources are a list of their own, inside its message). */
const transcriptTexts = () => {
  const transcript = screen.getByRole('log', { name: 'Conversation' }).querySelector('ol')!;
  return [...transcript.children].map((item) => item.textContent);
};

beforeEach(() => {
  toaster.remove();
});

describe('the inbox list', () => {
  it('shows each conversation with its visitor, channel, bot, last message, unread count and who answers', async () => {
    renderInbox([
      conversation('c1', { status: 'WAITING', unreadCount: 3 }),
      conversation('c2', { visitorName: null, phoneNumber: '+41791234567', channel: 'whatsapp', status: 'HUMAN' }),
      conversation('c3', { visitorName: null, status: 'CLOSED', lastMessage: null }),
    ]);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const [first, second, third] = within(list).getAllByRole('link');
    expect(first!.getAttribute('href')).toBe(`/inbox/${encodeURIComponent(conversationId('c1'))}`);
    expect(within(first!).getByText('Visitor c1')).toBeTruthy();
    expect(within(first!).getByText('Waiting for a person')).toBeTruthy();
    expect(within(first!).getByText('Website')).toBeTruthy();
    expect(within(first!).getByText('Support bot')).toBeTruthy();
    expect(within(first!).getByText('last words of c1')).toBeTruthy();
    expect(within(first!).getByText('3 unread')).toBeTruthy();
    expect(within(second!).getByText('+41791234567')).toBeTruthy();
    expect(within(second!).getByText('WhatsApp')).toBeTruthy();
    expect(within(second!).getByText('You')).toBeTruthy();
    expect(within(second!).queryByText(/unread/)).toBeNull();
    expect(within(third!).getByText('Anonymous visitor')).toBeTruthy();
    expect(within(third!).getByText('Closed')).toBeTruthy();
    expect(within(third!).getByText('No message yet')).toBeTruthy();
  });

  it('refetches with the status ("Needs a person"), channel, bot and search chosen', async () => {
    const environment = renderInbox([conversation('c1')]);
    await screen.findByText('Visitor c1');
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter by status' }), { target: { value: 'WAITING' } });
    expect(screen.getByRole('option', { name: 'Needs a person' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter by channel' }), { target: { value: 'whatsapp' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter by bot' }), { target: { value: salesBotId } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search visitors and messages' }), { target: { value: ' delivery ' } });
    const refetch = operationNamed(environment, 'InboxListRefetchQuery');
    expect(refetch.request.variables).toMatchObject({ status: 'WAITING', channel: 'whatsapp', botId: salesBotId, search: 'delivery' });
    await act(async () => {
      environment.mock.resolve(refetch, MockPayloadGenerator.generate(refetch, listResolvers([])));
    });
    expect(await screen.findByText('No conversations match these filters.')).toBeTruthy();
  });

  it('says when there are no conversations yet', async () => {
    renderInbox([]);
    expect(await screen.findByText(/No conversations yet/)).toBeTruthy();
  });

  it('puts a new conversation on top, and one with a new message back on top, live', async () => {
    const environment = renderInbox([conversation('c1'), conversation('c2')]);
    await screen.findByText('Visitor c1');
    await pushInboxChange(environment, conversation('c3', { status: 'WAITING', lastMessage: 'Hello?' }), true);
    expect(listedVisitors()).toEqual(['Visitor c3', 'Visitor c1', 'Visitor c2']);
    expect(screen.getByText('Hello?')).toBeTruthy();

    await pushInboxChange(environment, conversation('c2', { lastMessage: 'Still there?', unreadCount: 1 }), true);
    expect(listedVisitors()).toEqual(['Visitor c2', 'Visitor c3', 'Visitor c1']);
    expect(screen.getByText('Still there?')).toBeTruthy();
    expect(screen.getByText('1 unread')).toBeTruthy();

    // Read elsewhere: its count goes, it stays where it is.
    await pushInboxChange(environment, conversation('c1', { unreadCount: 0, status: 'CLOSED' }), false);
    expect(listedVisitors()).toEqual(['Visitor c2', 'Visitor c3', 'Visitor c1']);
    expect(within(screen.getByRole('list', { name: 'Conversations' })).getByText('Closed')).toBeTruthy();
  });

  it('keeps out of a filtered list what does not fit its filters, and takes out what no longer does', async () => {
    const environment = renderInbox([conversation('c1')]);
    await screen.findByText('Visitor c1');
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter by status' }), { target: { value: 'WAITING' } });
    const refetch = operationNamed(environment, 'InboxListRefetchQuery');
    await act(async () => {
      environment.mock.resolve(refetch, MockPayloadGenerator.generate(refetch, listResolvers([conversation('c2', { status: 'WAITING' })])));
    });
    await screen.findByText('Visitor c2');
    await pushInboxChange(environment, conversation('c3', { status: 'BOT' }), true);
    await pushInboxChange(environment, conversation('c4', { status: 'WAITING' }), true);
    expect(listedVisitors()).toEqual(['Visitor c4', 'Visitor c2']);
    await pushInboxChange(environment, conversation('c2', { status: 'HUMAN' }), false);
    expect(listedVisitors()).toEqual(['Visitor c4']);
  });
});

describe('an opened conversation', () => {
  it("shows the visitor, the transcript with who wrote each message and the bot's sources, and marks it read", async () => {
    const { environment, id } = renderConversation();
    expect(await screen.findByRole('heading', { level: 2, name: 'Ada' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Waiting for a person')).toBeTruthy();
    expect(screen.getByText('The visitor asked for a person. Take over to answer.')).toBeTruthy();
    expect(transcriptTexts()).toEqual([
      expect.stringMatching(/^Visitor · .*Do you deliver to Lyon\?$/),
      expect.stringMatching(/^Bot · .*Yes, in two days \[1\]\..*Delivery policy/),
      expect.stringMatching(/^Visitor · .*Can I talk to a person\?$/),
    ]);
    expect(screen.getByRole('link', { name: 'Delivery policy' }).getAttribute('href')).toBe('https://shop.example/delivery');
    expect(screen.getByRole('link', { name: 'All conversations' }).getAttribute('href')).toBe('/inbox');

    const read = operationNamed(environment, 'ConversationPanelMarkReadMutation');
    expect(read.request.variables).toEqual({ id });
    await act(async () => {
      environment.mock.resolve(read, { data: { markConversationRead: { __typename: 'Conversation', id, unreadCount: 0 } } });
    });
    expect(environment.mock.getAllOperations().filter((operation) => operation.request.node.params.name.includes('MarkRead'))).toEqual([]);
  });

  it('loads the older messages above', async () => {
    const { environment } = renderConversation();
    fireEvent.click(await screen.findByRole('button', { name: 'Show older messages' }));
    const older = operationNamed(environment, 'ConversationTranscriptPaginationQuery');
    expect(older.request.variables).toMatchObject({ before: 'm1', last: 30 });
    await act(async () => {
      environment.mock.resolve(older, {
        data: {
          node: {
            __typename: 'Conversation',
            id: conversationId('c1'),
            status: 'WAITING',
            messages: {
              edges: [{ cursor: 'm0', node: { __typename: 'ConversationMessage', ...message('m0', 'VISITOR', 'Hello') } }],
              pageInfo: { hasPreviousPage: false, startCursor: 'm0', hasNextPage: false, endCursor: 'm0' },
            },
          },
        },
      });
    });
    expect(transcriptTexts()[0]).toMatch(/Hello$/);
    expect(transcriptTexts()).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Show older messages' })).toBeNull();
  });

  it('takes the conversation over, then gives it back to the bot', async () => {
    const { environment, id } = renderConversation();
    fireEvent.click(await screen.findByRole('button', { name: 'Take over' }));
    const takeOver = operationNamed(environment, 'ConversationActionsTakeOverMutation');
    expect(takeOver.request.variables).toEqual({ id });
    await act(async () => {
      environment.mock.resolve(takeOver, {
        data: { takeOverConversation: { __typename: 'Conversation', id, status: 'HUMAN', statusChangedAt: '2026-11-20T10:01:00Z' } },
      });
    });
    expect(await screen.findByText('You answer this visitor; the bot stays silent.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Give back to the bot' }));
    const release = operationNamed(environment, 'ConversationActionsReleaseMutation');
    expect(release.request.variables).toEqual({ id });
    await act(async () => {
      environment.mock.resolve(release, {
        data: { releaseConversation: { __typename: 'Conversation', id, status: 'BOT', statusChangedAt: '2026-11-20T10:02:00Z' } },
      });
    });
    expect(await screen.findByText('The bot answers this visitor.')).toBeTruthy();
  });

  it("tells in a toast why an action was refused, in the server's words", async () => {
    const { environment } = renderConversation('HUMAN');
    fireEvent.click(await screen.findByRole('button', { name: 'Give back to the bot' }));
    await act(async () => {
      environment.mock.resolve(operationNamed(environment, 'ConversationActionsReleaseMutation'), {
        data: {
          releaseConversation: {
            __typename: 'ValidationError',
            __isError: 'ValidationError',
            message: 'This conversation is closed: take it over to open it again.',
            code: 'CONVERSATION_CLOSED',
            issues: [],
          },
        },
      });
    });
    expect(await screen.findByText('Could not give the conversation back to the bot')).toBeTruthy();
    expect(screen.getByText('This conversation is closed: take it over to open it again.')).toBeTruthy();
  });

  it('sends a reply, which joins the transcript once, and the conversation is then yours', async () => {
    const { environment, id } = renderConversation();
    const box = await screen.findByRole('textbox', { name: 'Your reply' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a reply first.')).toBeTruthy();

    fireEvent.change(box, { target: { value: 'Hello, I am Nadia. How can I help?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const reply = operationNamed(environment, 'ReplyComposerMutation');
    expect(reply.request.variables).toMatchObject({ id, text: 'Hello, I am Nadia. How can I help?' });
    const sent = message('m4', 'AGENT', 'Hello, I am Nadia. How can I help?', { authorName: 'Nadia Owner' });
    // The conversation's own subscription may bring the reply before the mutation's answer: it is shown once.
    await act(async () => {
      environment.mock.nextValue(operationNamed(environment, 'ConversationTranscriptChangesSubscription'), {
        data: { conversationChanged: { conversation: conversation('c1', { status: 'HUMAN', visitorName: 'Ada' }), messages: [sent] } },
      });
    });
    await act(async () => {
      environment.mock.resolve(reply, {
        data: {
          replyToConversation: {
            __typename: 'ConversationReply',
            reply: sent,
            conversation: {
              id,
              status: 'HUMAN',
              statusChangedAt: '2026-11-20T10:01:00Z',
              unreadCount: 0,
              lastMessage: sent.text,
              lastMessageAt: '2026-11-20T10:01:00Z',
            },
          },
        },
      });
    });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(transcriptTexts()).toHaveLength(4);
    expect(transcriptTexts()[3]).toMatch(/^Nadia Owner · .*Hello, I am Nadia\. How can I help\?$/);
    expect(screen.getByText('You answer this visitor; the bot stays silent.')).toBeTruthy();
  });

  it("appends the visitor's question and the bot's answer from the live subscription, in order, and reads them", async () => {
    const { environment, id } = renderConversation('HUMAN', 0);
    await screen.findByRole('heading', { level: 2, name: 'Ada' });
    const live = operationNamed(environment, 'ConversationTranscriptChangesSubscription');
    expect(live.request.variables).toMatchObject({ id });
    await act(async () => {
      environment.mock.nextValue(live, {
        data: {
          conversationChanged: {
            conversation: conversation('c1', { status: 'HUMAN', visitorName: 'Ada', unreadCount: 1 }),
            messages: [message('m5', 'VISITOR', 'Do you ship to Lyon?'), message('m6', 'BOT', 'Yes, in two days.')],
          },
        },
      });
    });
    expect(transcriptTexts().slice(-2)).toEqual([
      expect.stringMatching(/^Visitor · .*Do you ship to Lyon\?$/),
      expect.stringMatching(/^Bot · .*Yes, in two days\.$/),
    ]);
    expect(operationNamed(environment, 'ConversationPanelMarkReadMutation').request.variables).toEqual({ id });
  });

  it('keeps the reply closed on a closed conversation, which can be taken over', async () => {
    renderConversation('CLOSED', 0);
    expect(((await screen.findByRole('textbox', { name: 'Your reply' })) as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Take over' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('says so when the conversation is missing or not yours', async () => {
    const environment = createMockEnvironment();
    const queryRef = loadQuery<ConversationRouteQuery>(environment, conversationQuery, { id: conversationId('gone') });
    environment.mock.resolveMostRecentOperation({ data: { node: null } });
    renderRoute(
      <Suspense fallback="loading">
        <ConversationScreen queryRef={queryRef} />
      </Suspense>,
      { environment },
    );
    expect(await screen.findByText('This conversation does not exist, or is no longer yours.')).toBeTruthy();
  });
});

describe('waiting visitors in the inbox', () => {
  it('makes a conversation waiting for a person stand out in the list', async () => {
    renderInbox([conversation('c1', { status: 'WAITING' }), conversation('c2')]);
    const [waiting, answered] = within(await screen.findByRole('list', { name: 'Conversations' })).getAllByRole('link');
    expect(within(waiting!).getByText('Waiting for a person')).toBeTruthy();
    expect(getComputedStyle(waiting!).borderInlineStartWidth).toBe('4px');
    expect(getComputedStyle(answered!).borderInlineStartWidth).toBe('1px');
  });

  it('says where replies are emailed when the visitor left an address', async () => {
    renderConversation('WAITING', 0, 'ada.replies@example.com');
    expect(await screen.findByText(/Replies are also emailed to/)).toBeTruthy();
    expect(screen.getByText('ada.replies@example.com').tagName).toBe('STRONG');
  });

  it('links the page of the site the visitor wrote from', async () => {
    renderConversation('WAITING', 0, null, 'https://shop.example/checkout');
    const page = await screen.findByRole('link', { name: 'https://shop.example/checkout' });
    expect(page.getAttribute('href')).toBe('https://shop.example/checkout');
    expect(page.getAttribute('target')).toBe('_blank');
  });

  it('says nothing of emailed replies without an address', async () => {
    renderConversation('HUMAN', 0);
    await screen.findByRole('heading', { name: 'Ada' });
    expect(screen.queryByText(/Replies are also emailed/)).toBeNull();
  });

  it("opens the conversation an owner's email links to by its database id", async () => {
    const environment = createMockEnvironment();
    const { router } = renderRoute(<p>the list</p>, {
      path: '/inbox',
      at: '/inbox?conversation=c1',
      environment,
      loader: (args) => loadInboxQuery(environment, args),
      routes: [{ path: '/inbox/:conversationId', element: <p>the conversation</p> }],
    });
    expect(await screen.findByText('the conversation')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/inbox/${conversationId('c1')}`);
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });
});
