import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './App.tsx';
import { CHAT_URL, SESSION_KEY, lastMessage, messages, startApp } from './testing/chatApp.tsx';
import { answerStream, fakeWidgetApi, jsonResponse, streamedAnswer } from './testing/fakeWidgetApi.ts';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('configuration', () => {
  it.each([
    ['bot_id', 'http://product.test/embed-widget?token=widget-token'],
    ['token', 'http://product.test/embed-widget?bot_id=bot-1'],
    ['both', 'http://product.test/embed-widget'],
  ])('shows the Configuration Error screen when %s is missing, calling nothing', (_missing, url) => {
    const api = fakeWidgetApi();
    vi.stubGlobal('fetch', api.fetch);
    render(<App url={url} />);
    expect(screen.getByRole('heading', { name: 'Configuration Error' })).toBeTruthy();
    expect(screen.getByText('Bot ID or token missing from URL parameters')).toBeTruthy();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it("says it in the browser's language", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['nl-BE', 'fr-BE', 'en']);
    render(<App url="http://product.test/embed-widget" />);
    expect(screen.getByRole('heading', { name: 'Erreur de configuration' })).toBeTruthy();
    expect(screen.getByText('L’identifiant du bot ou le jeton manque dans les paramètres de l’URL')).toBeTruthy();
  });
});

describe('starting a conversation', () => {
  it('creates and stores a session, greets, and styles the header from the bot settings', async () => {
    const api = fakeWidgetApi();
    const { input } = startApp(api);
    expect(await screen.findByText('Hello! How can I help you today?')).toBeTruthy();
    expect(api.requests.find((request) => request.path.endsWith('/sessions/create'))?.body).toEqual({ bot_id: 'bot-1' });
    expect(localStorage.getItem(SESSION_KEY)).toBe('ws_new_1');
    expect(await screen.findByRole('heading', { name: 'Museum helper' })).toBeTruthy();
    const root = document.querySelector<HTMLElement>('.chat')!;
    expect(root.style.getPropertyValue('--theme')).toBe('#e11d48');
    expect(document.querySelector('.chat-logo')?.getAttribute('src')).toBe('/static/bots/bot-1/images/logo.png');
    expect(input.placeholder).toBe('Type your message...');
  });

  it('keeps the default title and colour when the settings cannot be fetched', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    startApp(fakeWidgetApi({ settings: 404 }));
    expect(await screen.findByText('Hello! How can I help you today?')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'AI Assistant' })).toBeTruthy();
    expect(document.querySelector<HTMLElement>('.chat')!.style.getPropertyValue('--theme')).toBe('#2563eb');
    expect(console.warn).toHaveBeenCalledWith('Bot not found');
  });

  it('restores the stored session’s history with times, without creating a session', async () => {
    localStorage.setItem(SESSION_KEY, 'ws_stored');
    const api = fakeWidgetApi({
      history: [
        { id: 'm1', text: 'When do you open?', isUser: true, timestamp: '2026-03-02T09:15:00.000Z' },
        { id: 'm2', text: 'At **nine**.', isUser: false, timestamp: '2026-03-02T09:15:01.000Z' },
      ],
    });
    startApp(api);
    expect(await screen.findByText('When do you open?')).toBeTruthy();
    expect(lastMessage().querySelector('strong')?.textContent).toBe('nine');
    expect(lastMessage().querySelector('time')?.getAttribute('datetime')).toBe('2026-03-02T09:15:01.000Z');
    expect(lastMessage().querySelector('time')?.textContent).toMatch(/\d{1,2}:\d{2}/);
    expect(screen.queryByText('Hello! How can I help you today?')).toBeNull();
    expect(api.requests.find((request) => request.path.endsWith('/chat-history'))?.query.get('session_token')).toBe('ws_stored');
    expect(api.requests.some((request) => request.path.endsWith('/sessions/create'))).toBe(false);
  });

  it('shows a restored answer’s sources as it showed them when it arrived', async () => {
    localStorage.setItem(SESSION_KEY, 'ws_stored');
    const source = { index: 1, title: 'hours.pdf', url: null, page: 2, snippet: 'We open at nine.', source_type: 'document' };
    startApp(
      fakeWidgetApi({
        history: [
          { id: 'm1', text: 'When do you open?', isUser: true, timestamp: '2026-03-02T09:15:00.000Z', sources: [] },
          { id: 'm2', text: 'At nine [1].', isUser: false, timestamp: '2026-03-02T09:15:01.000Z', sources: [source] },
        ],
      }),
    );
    const sources = await screen.findByRole('list', { name: 'Sources' });
    expect(sources.textContent).toBe('[1] hours.pdf, p. 2');
    expect(lastMessage().contains(sources)).toBe(true);
    expect(messages()[0]!.querySelector('.sources')).toBeNull();
  });

  it("shows a person's restored reply without rating buttons, and the bot's answer with them", async () => {
    localStorage.setItem(SESSION_KEY, 'ws_stored');
    startApp(
      fakeWidgetApi({
        history: [
          { id: 'm1', text: 'Hello?', isUser: true, role: 'user', timestamp: '2026-03-02T09:15:00.000Z' },
          { id: 'm2', text: 'The bot answers.', isUser: false, role: 'assistant', timestamp: '2026-03-02T09:15:01.000Z' },
          { id: 'm3', text: 'Jane here, from the shop.', isUser: false, role: 'agent', timestamp: '2026-03-02T09:16:00.000Z' },
        ],
      }),
    );
    await screen.findByText('Jane here, from the shop.');
    expect(within(lastMessage()).queryByRole('button', { name: 'Helpful' })).toBeNull();
    expect(within(messages()[1]!).getByRole('button', { name: 'Helpful' })).toBeTruthy();
  });

  it('says a person will reply, instead of an answer, while a person has the conversation', async () => {
    const { user, input } = startApp(
      fakeWidgetApi({ chat: () => streamedAnswer([], { message: '', sources: [], message_id: null, held_for_person: true }) }),
    );
    await screen.findByText('Hello! How can I help you today?');
    await user.type(input, 'I want a person{Enter}');
    await waitFor(() => expect(lastMessage().textContent).toContain('A person from the team has this conversation and will reply here.'));
    expect(screen.queryByText("Sorry, I didn't understand that.")).toBeNull();
  });

  it('greets when the stored history is empty', async () => {
    localStorage.setItem(SESSION_KEY, 'ws_stored');
    startApp(fakeWidgetApi({ history: [] }));
    expect(await screen.findByText('Hello! How can I help you today?')).toBeTruthy();
  });

  it('greets and keeps the session when the history fails to load', async () => {
    localStorage.setItem(SESSION_KEY, 'ws_stored');
    startApp(fakeWidgetApi({ history: 500 }));
    expect(await screen.findByText('Hello! How can I help you today?')).toBeTruthy();
    expect(localStorage.getItem(SESSION_KEY)).toBe('ws_stored');
  });

  it('replaces a session the server no longer knows with a new one', async () => {
    localStorage.setItem(SESSION_KEY, 'ws_expired');
    startApp(fakeWidgetApi({ history: 404 }));
    expect(await screen.findByText('Hello! How can I help you today?')).toBeTruthy();
    expect(localStorage.getItem(SESSION_KEY)).toBe('ws_new_1');
  });

  it('says "Failed to initialize chat session." when no session can be created', async () => {
    startApp(fakeWidgetApi({ sessionFailure: 500 }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to initialize chat session.');
  });

  it('says to wait, in the bot’s language, when opening a chat is refused for traffic (429)', async () => {
    startApp(fakeWidgetApi({ sessionFailure: 429, settings: { language_code: 'fr' } }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Trop de conversations ou de messages en ce moment. Patientez quelques minutes, puis réessayez.',
    );
  });

  it('speaks the bot’s language', async () => {
    const { input } = startApp(fakeWidgetApi({ settings: { language_code: 'fr' } }));
    expect(await screen.findByText('Bonjour ! Comment puis-je vous aider aujourd’hui ?')).toBeTruthy();
    expect(input.placeholder).toBe('Écrivez votre message...');
    expect(document.documentElement.lang).toBe('fr');
  });
});

describe('sending', () => {
  it('streams the answer token by token with the input disabled, then shows its sources and refocuses the input', async () => {
    const stream = answerStream();
    const api = fakeWidgetApi({ chat: () => stream.response });
    const { user, input } = startApp(api);
    await screen.findByText('Hello! How can I help you today?');

    await user.type(input, 'When does the museum open?{Enter}');
    expect(screen.getByText('When does the museum open?')).toBeTruthy();
    await waitFor(() => expect(input.disabled).toBe(true));
    expect(input.value).toBe('');
    expect(lastMessage().getAttribute('aria-label')).toBe('Typing…');
    expect(screen.getByRole('status').textContent).toBe('Typing…');
    expect(api.chatRequests()[0]).toMatchObject({
      method: 'POST',
      body: { message: 'When does the museum open?', session_token: 'ws_new_1' },
    });
    expect(api.chatRequests()[0]!.query.get('token')).toBe('widget-token');

    stream.send('token', { token: 'It opens ' });
    await waitFor(() => expect(lastMessage().textContent).toContain('It opens'));
    stream.send('token', { token: 'at **nine**. [1]' });
    await waitFor(() => expect(lastMessage().querySelector('strong')?.textContent).toBe('nine'));
    expect(input.disabled).toBe(true);

    stream.send('done', {
      message: 'It opens at **nine**. [1]',
      sources: [{ index: 1, title: 'hours.txt', url: null, page: 2, snippet: 'Opens at nine.', source_type: 'document' }],
    });
    stream.end();
    await waitFor(() => expect(input.disabled).toBe(false));
    expect(within(lastMessage()).getByRole('list', { name: 'Sources' }).textContent).toBe('[1] hours.txt, p. 2');
    expect(document.activeElement).toBe(input);
    expect(screen.getByRole('status').textContent).toBe('It opens at nine. [1]');
  });

  it('links a source that has an address', async () => {
    const source = {
      index: 1,
      title: 'Opening hours',
      url: 'https://museum.test/hours',
      page: null,
      snippet: '…',
      source_type: 'web_page',
    };
    const { user, input } = startApp(fakeWidgetApi({ chat: () => streamedAnswer(['Nine.'], { message: 'Nine.', sources: [source] }) }));
    await screen.findByText('Hello! How can I help you today?');
    await user.type(input, 'Hours?{Enter}');
    const link = await screen.findByRole('link', { name: '[1] Opening hours' });
    expect(link.getAttribute('href')).toBe('https://museum.test/hours');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it("says that a source which is the team's own answer comes from the team", async () => {
    const source = { index: 1, title: 'Do you sell gift cards?', url: null, page: null, snippet: 'Yes.', source_type: 'qa_pair' };
    const { user, input } = startApp(fakeWidgetApi({ chat: () => streamedAnswer(['Yes.'], { message: 'Yes.', sources: [source] }) }));
    await screen.findByText('Hello! How can I help you today?');
    await user.type(input, 'Gift cards?{Enter}');
    await waitFor(() =>
      expect(within(lastMessage()).getByRole('list', { name: 'Sources' }).textContent).toBe('[1] From our team: Do you sell gift cards?'),
    );
  });

  it('reads a JSON answer from a server that does not stream', async () => {
    const { user, input } = startApp(fakeWidgetApi({ chat: () => jsonResponse(200, { response: 'Plain answer', sources: [] }) }));
    await screen.findByText('Hello! How can I help you today?');
    await user.type(input, 'Hi{Enter}');
    await waitFor(() => expect(lastMessage().textContent).toContain('Plain answer'));
  });

  it('adds a line on Shift+Enter and ignores blank input', async () => {
    const api = fakeWidgetApi({ chat: () => streamedAnswer(['ok'], { message: 'ok' }) });
    const { user, input } = startApp(api);
    await screen.findByText('Hello! How can I help you today?');
    await user.type(input, 'first{Shift>}{Enter}{/Shift}second');
    expect(input.value).toBe('first\nsecond');
    await user.clear(input);
    await user.type(input, '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(api.chatRequests()).toHaveLength(0);
    expect(messages()).toHaveLength(1);
  });

  it.each([
    ['an error status', () => jsonResponse(500, { detail: 'boom' })],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'an error event mid-stream',
      () => {
        const stream = answerStream();
        stream.send('token', { token: 'Half an ans' });
        stream.send('error', { detail: 'The answer was interrupted. Please try again.', status: 500 });
        stream.end();
        return stream.response;
      },
    ],
  ])('shows the spec’s error texts after %s', async (_failure, chat) => {
    const { user, input } = startApp(fakeWidgetApi({ chat }));
    await screen.findByText('Hello! How can I help you today?');
    await user.type(input, 'Hello?{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send message. Please try again.');
    expect(lastMessage().textContent).toContain("Sorry, I'm having trouble connecting right now. Please try again.");
    expect(lastMessage().textContent).not.toContain('Half an ans');
    expect(input.disabled).toBe(false);
  });

  it('says to wait, without claiming connection trouble, when a message is refused for traffic (429)', async () => {
    const api = fakeWidgetApi({ chat: () => jsonResponse(429, { detail: 'Too many messages in this chat. Please wait 40 seconds.' }) });
    const { user, input } = startApp(api);
    await screen.findByText('Hello! How can I help you today?');
    await user.type(input, 'Hello?{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many chats or messages right now. Please wait a few minutes and try again.',
    );
    expect(lastMessage().textContent).toContain('Hello?');
    expect(screen.queryByText("Sorry, I'm having trouble connecting right now. Please try again.")).toBeNull();
    expect(input.disabled).toBe(false);
  });

  it('says "Sorry, I didn\'t understand that." for an empty reply', async () => {
    const { user, input } = startApp(fakeWidgetApi({ chat: () => streamedAnswer([], { message: '', response: '' }) }));
    await screen.findByText('Hello! How can I help you today?');
    await user.type(input, 'Hm{Enter}');
    await waitFor(() => expect(lastMessage().textContent).toContain("Sorry, I didn't understand that."));
  });

  it('starts a new session and asks again when the server forgot the session', async () => {
    localStorage.setItem(SESSION_KEY, 'ws_stored');
    const api = fakeWidgetApi({
      chat: (body) =>
        body.session_token === 'ws_stored'
          ? jsonResponse(404, { detail: 'Chat session not found. Start a new session.' })
          : streamedAnswer(['Welcome back'], { message: 'Welcome back' }),
    });
    const { user, input } = startApp(api);
    await screen.findByText('Hello! How can I help you today?');
    await user.type(input, 'Still there?{Enter}');
    await waitFor(() => expect(lastMessage().textContent).toContain('Welcome back'));
    expect(api.chatRequests().map((request) => request.body?.session_token)).toEqual(['ws_stored', 'ws_new_1']);
    expect(localStorage.getItem(SESSION_KEY)).toBe('ws_new_1');
  });

  it('passes the identity from its address to a new session', async () => {
    const api = fakeWidgetApi();
    startApp(api, `${CHAT_URL}#name=Ada&email=ada%40example.com`);
    await screen.findByText('Hello! How can I help you today?');
    expect(api.requests.find((request) => request.path.endsWith('/sessions/create'))?.body).toEqual({
      bot_id: 'bot-1',
      name: 'Ada',
      email: 'ada@example.com',
    });
  });
});

describe('the host page', () => {
  it('is named to a new session, where the owner’s inbox shows it', async () => {
    const api = fakeWidgetApi();
    startApp(api, `${CHAT_URL}#page=${encodeURIComponent('https://shop.example/pricing?plan=pro')}`);
    await screen.findByText('Hello! How can I help you today?');
    expect(api.requests.find((request) => request.path.endsWith('/sessions/create'))?.body).toEqual({
      bot_id: 'bot-1',
      page_url: 'https://shop.example/pricing?plan=pro',
    });
  });
});

describe('rating answers', () => {
  const answered = () =>
    fakeWidgetApi({ chat: () => jsonResponse(200, { response: 'We open at 9 am.', sources: [], message_id: 'answer-1' }) });

  it('sends a thumbs-down, then the line saying what was wrong, for the stored answer', async () => {
    const api = answered();
    const { user, input } = startApp(api);
    await screen.findByText('Hello! How can I help you today?');
    // The greeting is the app's own text: nothing to rate.
    expect(screen.queryByRole('button', { name: 'Helpful' })).toBeNull();
    await user.type(input, 'When do you open?{Enter}');
    await waitFor(() => expect(lastMessage().textContent).toContain('We open at 9 am.'));

    const notHelpful = within(lastMessage()).getByRole('button', { name: 'Not helpful' });
    await user.click(notHelpful);
    expect(notHelpful.getAttribute('aria-pressed')).toBe('true');
    await user.type(within(lastMessage()).getByRole('textbox', { name: 'What was wrong? (optional)' }), 'We open at 10 on Sundays');
    await user.click(within(lastMessage()).getByRole('button', { name: 'Send' }));
    expect(await within(lastMessage()).findByText('Thank you for your feedback.')).toBeTruthy();

    await waitFor(() => expect(api.ratingRequests()).toHaveLength(2));
    const [thumb, comment] = api.ratingRequests();
    expect(thumb!.path).toBe('/api/v1/public/bots/bot-1/messages/answer-1/rating');
    expect(thumb!.query.get('token')).toBe('widget-token');
    expect(thumb!.body).toEqual({ session_token: 'ws_new_1', rating: 'down' });
    expect(comment!.body).toEqual({ session_token: 'ws_new_1', rating: 'down', comment: 'We open at 10 on Sundays' });
  });

  it('shows a restored answer’s rating and lets it be changed', async () => {
    localStorage.setItem(SESSION_KEY, 'ws_stored');
    const api = fakeWidgetApi({
      history: [
        { id: 'question-1', text: 'When do you open?', isUser: true, timestamp: '2026-11-28T09:00:00Z', rating: null },
        { id: 'answer-1', text: 'We open at 9 am.', isUser: false, timestamp: '2026-11-28T09:00:01Z', rating: 'down' },
      ],
    });
    const { user } = startApp(api);
    await waitFor(() => expect(lastMessage().textContent).toContain('We open at 9 am.'));
    expect(within(lastMessage()).getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(messages()[0]!).queryByRole('button', { name: 'Helpful' })).toBeNull();

    await user.click(within(lastMessage()).getByRole('button', { name: 'Helpful' }));
    expect(within(lastMessage()).getByRole('button', { name: 'Helpful' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() =>
      expect(api.ratingRequests().map((request) => request.body)).toEqual([{ session_token: 'ws_stored', rating: 'up' }]),
    );
  });

  it('takes a rating back and says so when it cannot be saved', async () => {
    const api = fakeWidgetApi({
      chat: () => jsonResponse(200, { response: 'We open at 9 am.', sources: [], message_id: 'answer-1' }),
      ratingFailure: 503,
    });
    const { user, input } = startApp(api);
    await screen.findByText('Hello! How can I help you today?');
    await user.type(input, 'When do you open?{Enter}');
    await waitFor(() => expect(lastMessage().textContent).toContain('We open at 9 am.'));
    await user.click(within(lastMessage()).getByRole('button', { name: 'Helpful' }));
    expect(await screen.findByText('Your rating could not be saved. Please try again.')).toBeTruthy();
    expect(within(lastMessage()).getByRole('button', { name: 'Helpful' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('offers no rating on a reply the server did not store', async () => {
    const { user, input } = startApp(
      fakeWidgetApi({ chat: () => jsonResponse(200, { response: 'Unavailable.', sources: [], message_id: null }) }),
    );
    await screen.findByText('Hello! How can I help you today?');
    await user.type(input, 'Hi{Enter}');
    await waitFor(() => expect(lastMessage().textContent).toContain('Unavailable.'));
    expect(within(lastMessage()).queryByRole('button', { name: 'Helpful' })).toBeNull();
  });
});
