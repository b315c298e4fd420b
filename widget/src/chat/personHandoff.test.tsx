import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from './api.ts';
import { CHAT_URL, SESSION_KEY, lastMessage, messages, startApp } from './testing/chatApp.tsx';
import { fakeWidgetApi, jsonResponse, streamedAnswer } from './testing/fakeWidgetApi.ts';

const GREETING = 'Hello! How can I help you today?';
const WAITING = 'Waiting for a person from the team…';
/** The line above the composer, not the screen reader's announcement of it. */
const ONLY_THE_LINE = { selector: '.handoff-waiting' };
const HANDOFF_LINE: HistoryEntry = {
  id: 'handoff-1',
  text: 'I have asked a person from the team to join.',
  isUser: false,
  role: 'assistant',
  timestamp: '2026-11-29T10:00:00.000Z',
  sources: [],
};

const agentMessage = (id: string, text: string, timestamp: string, authorName: string | null = 'Jane') => ({
  id,
  text,
  isUser: false,
  role: 'agent',
  author_name: authorName,
  timestamp,
  sources: [],
});

const personButton = () => screen.queryByRole('button', { name: 'Talk to a person' });
const announced = () => screen.getByRole('status').textContent;
/** The lines about who answers (not bubbles), as shown. */
const conversationLines = () =>
  messages()
    .filter((item) => item.classList.contains('conversation-line'))
    .map((item) => item.textContent);

/** Waits for the app's promises without moving the fake clock (testing-library's waitFor needs a real setTimeout). */
const settled = (check: () => void) => vi.waitFor(check, { interval: 0 });

/** A bot whose owner lets visitors ask for a person, with the live stream open. */
function handoffApi(options: Parameters<typeof fakeWidgetApi>[0] = {}) {
  return fakeWidgetApi({
    settings: { talk_to_person: true },
    talkToPerson: () => jsonResponse(200, { status: 'waiting', message: HANDOFF_LINE }),
    conversationEvents: () => undefined,
    ...options,
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('asking for a person', () => {
  it('offers no person when the owner did not turn the option on', async () => {
    startApp(fakeWidgetApi({ conversationEvents: () => undefined }));
    await screen.findByText(GREETING);
    expect(personButton()).toBeNull();
  });

  it('asks with the session, shows the bot’s line and waits for a person instead of offering one again', async () => {
    const api = handoffApi();
    const { user } = startApp(api);
    await screen.findByText(GREETING);
    const button = await screen.findByRole('button', { name: 'Talk to a person' });
    button.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(lastMessage().textContent).toContain('I have asked a person from the team to join.'));
    expect(screen.getByText(WAITING, ONLY_THE_LINE)).toBeTruthy();
    expect(personButton()).toBeNull();
    expect(announced()).toBe('I have asked a person from the team to join.');
    // The bot's line is not an answer to rate.
    expect(within(lastMessage()).queryByRole('button', { name: 'Helpful' })).toBeNull();
    const [request] = api.personRequests();
    expect(request).toMatchObject({
      method: 'POST',
      path: '/api/v1/public/bots/bot-1/talk-to-person',
      body: { session_token: 'ws_new_1' },
    });
    expect(request!.query.get('token')).toBe('widget-token');
  });

  it('shows the bot’s line once when the live stream brings it before the request’s answer', async () => {
    let answer!: (response: Response) => void;
    const api = handoffApi({ talkToPerson: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { user } = startApp(api);
    await screen.findByText(GREETING);
    await waitFor(() => expect(api.eventStreams).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Talk to a person' }));
    await waitFor(() => expect(api.personRequests()).toHaveLength(1));
    api.eventStreams[0]!.send('message', { ...HANDOFF_LINE, author_name: null });
    await waitFor(() => expect(lastMessage().textContent).toContain(HANDOFF_LINE.text));
    answer(jsonResponse(200, { status: 'waiting', message: HANDOFF_LINE }));
    expect(await screen.findByText(WAITING, ONLY_THE_LINE)).toBeTruthy();
    expect(messages().filter((item) => item.textContent?.includes(HANDOFF_LINE.text))).toHaveLength(1);
  });

  it('names the host page the visitor asks from', async () => {
    const api = handoffApi();
    const { user } = startApp(api, `${CHAT_URL}#page=${encodeURIComponent('https://shop.example/checkout')}`);
    await screen.findByText(GREETING);
    await user.click(await screen.findByRole('button', { name: 'Talk to a person' }));
    await waitFor(() => expect(api.personRequests()).toHaveLength(1));
    expect(api.personRequests()[0]!.body).toEqual({ session_token: 'ws_new_1', page_url: 'https://shop.example/checkout' });
  });

  it('says so when the bot does not hand conversations to a person (409)', async () => {
    const { user } = startApp(
      handoffApi({ talkToPerson: () => jsonResponse(409, { detail: 'This bot does not hand conversations to a person.' }) }),
    );
    await screen.findByText(GREETING);
    await user.click(await screen.findByRole('button', { name: 'Talk to a person' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Sorry, nobody from the team can take over this chat here.');
    expect(screen.queryByText(WAITING, ONLY_THE_LINE)).toBeNull();
    expect(personButton()).not.toBeNull();
  });

  it('says to wait when refused for traffic (429)', async () => {
    const { user } = startApp(handoffApi({ talkToPerson: () => jsonResponse(429, { detail: 'Too many requests.' }) }));
    await screen.findByText(GREETING);
    await user.click(await screen.findByRole('button', { name: 'Talk to a person' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many chats or messages right now. Please wait a few minutes and try again.',
    );
  });

  it('starts a new session and asks again when the server forgot the session', async () => {
    localStorage.setItem(SESSION_KEY, 'ws_stored');
    const api = handoffApi({
      talkToPerson: (body) =>
        body.session_token === 'ws_stored'
          ? jsonResponse(404, { detail: 'Chat session not found. Start a new session.' })
          : jsonResponse(200, { status: 'waiting', message: null }),
    });
    const { user } = startApp(api);
    await screen.findByText(GREETING);
    await user.click(await screen.findByRole('button', { name: 'Talk to a person' }));
    expect(await screen.findByText(WAITING, ONLY_THE_LINE)).toBeTruthy();
    expect(announced()).toBe(WAITING);
    expect(api.personRequests().map((request) => request.body?.session_token)).toEqual(['ws_stored', 'ws_new_1']);
    expect(localStorage.getItem(SESSION_KEY)).toBe('ws_new_1');
    // The live stream follows the new session.
    await waitFor(() => expect(api.eventRequests().at(-1)?.query.get('session_token')).toBe('ws_new_1'));
  });

  it('waits for a person when the visitor’s own message asks for one', async () => {
    const { user, input } = startApp(
      handoffApi({ chat: () => streamedAnswer([], { message: HANDOFF_LINE.text, message_id: 'handoff-2', status: 'waiting' }) }),
    );
    await screen.findByText(GREETING);
    await user.type(input, 'I want to talk to a human{Enter}');
    expect(await screen.findByText(WAITING, ONLY_THE_LINE)).toBeTruthy();
    expect(lastMessage().textContent).toContain(HANDOFF_LINE.text);
    expect(personButton()).toBeNull();
  });

  it('says the visitor’s message waits for a person while one was asked for', async () => {
    const { user, input } = startApp(
      handoffApi({ chat: () => streamedAnswer([], { message: '', message_id: null, held_for_person: true, status: 'waiting' }) }),
    );
    await screen.findByText(GREETING);
    await user.type(input, 'Anyone there?{Enter}');
    await waitFor(() => expect(lastMessage().textContent).toContain(WAITING));
    expect(screen.queryByText('A person from the team has this conversation and will reply here.')).toBeNull();
  });
});

describe('the offer of a person under an answer', () => {
  it('follows an answer the bot could not give, and goes once a person was asked for', async () => {
    const api = handoffApi({
      settings: { talk_to_person: false },
      chat: () => jsonResponse(200, { response: 'I do not know that.', message_id: 'answer-1', status: 'bot', offer_person: true }),
    });
    const { user, input } = startApp(api);
    await screen.findByText(GREETING);
    await user.type(input, 'Can I bring my dog?{Enter}');
    const offer = await within(lastMessage()).findByRole('button', { name: 'Talk to a person' });
    await user.click(offer);
    expect(await screen.findByText(WAITING, ONLY_THE_LINE)).toBeTruthy();
    expect(api.personRequests()).toHaveLength(1);
    expect(personButton()).toBeNull();
  });

  it('is not made under an answer that helped', async () => {
    const { user, input } = startApp(
      handoffApi({
        chat: () => jsonResponse(200, { response: 'Dogs are welcome.', message_id: 'answer-1', status: 'bot', offer_person: false }),
      }),
    );
    await screen.findByText(GREETING);
    await user.type(input, 'Can I bring my dog?{Enter}');
    await waitFor(() => expect(lastMessage().textContent).toContain('Dogs are welcome.'));
    expect(within(lastMessage()).queryByRole('button', { name: 'Talk to a person' })).toBeNull();
  });

  it('follows a thumbs-down when the server says a person can help', async () => {
    const api = handoffApi({
      chat: () => jsonResponse(200, { response: 'We open at 9 am.', message_id: 'answer-1', status: 'bot' }),
      ratingOffersPerson: true,
    });
    const { user, input } = startApp(api);
    await screen.findByText(GREETING);
    await user.type(input, 'When do you open?{Enter}');
    await waitFor(() => expect(lastMessage().textContent).toContain('We open at 9 am.'));
    expect(within(lastMessage()).queryByRole('button', { name: 'Talk to a person' })).toBeNull();
    await user.click(within(lastMessage()).getByRole('button', { name: 'Not helpful' }));
    expect(await within(lastMessage()).findByRole('button', { name: 'Talk to a person' })).toBeTruthy();
  });
});

describe('the live conversation', () => {
  it('shows a person joining, their reply with their name, and the assistant coming back', async () => {
    const api = handoffApi({ chat: () => streamedAnswer([], { message: '', message_id: null, held_for_person: true, status: 'human' }) });
    const { user, input } = startApp(api);
    await screen.findByText(GREETING);
    await waitFor(() => expect(api.eventStreams).toHaveLength(1));
    const [stream] = api.eventStreams;
    expect(stream!.query.get('session_token')).toBe('ws_new_1');
    expect(stream!.query.has('since')).toBe(false);

    stream!.send('status', { status: 'bot', agent_name: null });
    await user.click(await screen.findByRole('button', { name: 'Talk to a person' }));
    await screen.findByText(WAITING, ONLY_THE_LINE);

    stream!.send('status', { status: 'human', agent_name: 'Jane' });
    await waitFor(() => expect(conversationLines()).toEqual(['Jane joined the conversation']));
    const joined = lastMessage();
    expect(joined.classList.contains('message')).toBe(false);
    expect(announced()).toBe('Jane joined the conversation');
    expect(screen.queryByText(WAITING, ONLY_THE_LINE)).toBeNull();
    expect(personButton()).toBeNull();

    stream!.ping();
    stream!.send('message', agentMessage('agent-1', 'Hi, Jane here. **How** can I help?', '2026-11-29T10:01:00.000Z'));
    await waitFor(() => expect(lastMessage().textContent).toContain('Hi, Jane here.'));
    expect(lastMessage().querySelector('.message-author')?.textContent).toBe('Jane: ');
    expect(lastMessage().querySelector('strong')?.textContent).toBe('How');
    expect(within(lastMessage()).queryByRole('button', { name: 'Helpful' })).toBeNull();
    expect(announced()).toBe('Hi, Jane here. How can I help?');
    expect(messages().at(-2)).toBe(joined);

    await user.type(input, 'My order is late{Enter}');
    await waitFor(() => expect(lastMessage().textContent).toContain('A person from the team has this conversation and will reply here.'));

    stream!.send('status', { status: 'bot', agent_name: null });
    await waitFor(() => expect(conversationLines()).toEqual(['Jane joined the conversation', "You're chatting with the assistant again."]));
    expect(announced()).toBe("You're chatting with the assistant again.");
    expect(personButton()).not.toBeNull();
  });

  it('says a person of the team joined when the stream does not name them', async () => {
    const api = handoffApi();
    startApp(api);
    await screen.findByText(GREETING);
    await waitFor(() => expect(api.eventStreams).toHaveLength(1));
    api.eventStreams[0]!.send('status', { status: 'waiting', agent_name: null });
    await screen.findByText(WAITING, ONLY_THE_LINE);
    api.eventStreams[0]!.send('status', { status: 'human', agent_name: null });
    await waitFor(() => expect(conversationLines()).toEqual(['A person from the team joined the conversation']));
  });

  it('shows the bot’s own line that came unasked, like the request for an email address', async () => {
    const api = handoffApi();
    startApp(api);
    await screen.findByText(GREETING);
    await waitFor(() => expect(api.eventStreams).toHaveLength(1));
    api.eventStreams[0]!.send('message', {
      id: 'email-ask',
      text: 'Nobody is free right now. Leave your email address and we will write back.',
      isUser: false,
      role: 'assistant',
      author_name: null,
      timestamp: '2026-11-29T10:05:00.000Z',
      sources: [],
    });
    await waitFor(() => expect(lastMessage().textContent).toContain('Leave your email address'));
    expect(lastMessage().querySelector('.message-author')).toBeNull();
    expect(announced()).toBe('Nobody is free right now. Leave your email address and we will write back.');
  });

  it('marks where a person joined a reloaded conversation, names them "Team", and adds no line for the current status', async () => {
    localStorage.setItem(SESSION_KEY, 'ws_stored');
    const api = handoffApi({
      history: [
        { id: 'm1', text: 'Hello?', isUser: true, role: 'user', timestamp: '2026-11-29T09:00:00.000Z' },
        { id: 'm2', text: 'The bot answers.', isUser: false, role: 'assistant', timestamp: '2026-11-29T09:00:01.000Z' },
        { id: 'm3', text: 'Jane here.', isUser: false, role: 'agent', timestamp: '2026-11-29T09:01:00.000Z' },
        { id: 'm4', text: 'Thanks', isUser: true, role: 'user', timestamp: '2026-11-29T09:02:00.000Z' },
        { id: 'm5', text: 'You are welcome.', isUser: false, role: 'agent', timestamp: '2026-11-29T09:03:00.000Z' },
      ],
    });
    startApp(api);
    await screen.findByText('You are welcome.');
    expect(messages().map((item) => item.textContent)).toEqual([
      expect.stringContaining('Hello?'),
      expect.stringContaining('The bot answers.'),
      'A person from the team joined the conversation',
      expect.stringContaining('Jane here.'),
      expect.stringContaining('Thanks'),
      expect.stringContaining('You are welcome.'),
    ]);
    expect(messages()[3]!.querySelector('.message-author')?.textContent).toBe('Team: ');

    await waitFor(() => expect(api.eventStreams).toHaveLength(1));
    expect(api.eventStreams[0]!.query.get('since')).toBe('2026-11-29T09:03:00.000Z');
    api.eventStreams[0]!.send('status', { status: 'human', agent_name: 'Jane' });
    await waitFor(() => expect(personButton()).toBeNull());
    expect(conversationLines()).toEqual(['A person from the team joined the conversation']);
    expect(announced()).toBe('');
  });

  it('reconnects after a drop, asking for what came since the newest message, and shows each message once', async () => {
    const api = handoffApi();
    startApp(api);
    await screen.findByText(GREETING);
    await waitFor(() => expect(api.eventStreams).toHaveLength(1));
    const first = agentMessage('agent-1', 'First reply.', '2026-11-29T10:01:00.000Z');
    api.eventStreams[0]!.send('status', { status: 'human', agent_name: 'Jane' });
    api.eventStreams[0]!.send('message', first);
    await waitFor(() => expect(lastMessage().textContent).toContain('First reply.'));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    api.eventStreams[0]!.end();
    await settled(() => expect(vi.getTimerCount()).toBe(1));
    await vi.advanceTimersByTimeAsync(1000);
    vi.useRealTimers();

    await waitFor(() => expect(api.eventStreams).toHaveLength(2));
    const second = api.eventStreams[1]!;
    expect(second.query.get('since')).toBe('2026-11-29T10:01:00.000Z');
    second.send('status', { status: 'human', agent_name: 'Jane' });
    second.send('message', first);
    second.send('message', agentMessage('agent-2', 'Second reply.', '2026-11-29T10:02:00.000Z'));
    await waitFor(() => expect(lastMessage().textContent).toContain('Second reply.'));
    expect(screen.getAllByText('First reply.')).toHaveLength(1);
    expect(conversationLines()).toEqual(['Jane joined the conversation']);
  });

  it('waits longer after each failed reconnection', async () => {
    let connections = 0;
    const api = handoffApi({ conversationEvents: () => (++connections < 4 ? 503 : undefined) });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    startApp(api);
    await settled(() => expect(vi.getTimerCount()).toBe(1));
    for (const [connected, delay] of [
      [2, 1000],
      [3, 2000],
      [4, 5000],
    ] as const) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(api.eventRequests()).toHaveLength(connected - 1);
      await vi.advanceTimersByTimeAsync(1);
      await settled(() => expect(api.eventRequests()).toHaveLength(connected));
    }
    await settled(() => expect(api.eventStreams).toHaveLength(1));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops when the server no longer knows the session', async () => {
    const api = handoffApi({ conversationEvents: () => 404 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    startApp(api);
    await settled(() => expect(api.eventRequests()).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.eventRequests()).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('closes the stream and leaves no timer when the chat goes away', async () => {
    const api = handoffApi();
    startApp(api);
    await screen.findByText(GREETING);
    await waitFor(() => expect(api.eventStreams).toHaveLength(1));
    const streamFetch = api.fetch.mock.calls.find(([input]) => String(input).includes('/conversation-events'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    cleanup();
    expect(streamFetch?.[1]?.signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.eventRequests()).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
