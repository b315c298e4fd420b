import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, stubFetch } from '../../test/render.tsx';
import { ChatStep } from './ChatStep.tsx';
import { DEMO_MAX_FILE_BYTES, KnowledgeStep } from './KnowledgeStep.tsx';

const fileOf = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('KnowledgeStep', () => {
  it('keeps valid files, alerts about the others, uploads each kept one at once with its status, and remembers them', async () => {
    const uploadKey = 'POST /demobots/upload-demo-document?bot_id=bot-1&demo_user_session_token=tok';
    const calls = stubFetch({ [uploadKey]: { status: 201, body: {} } });
    let done = false;
    const view = renderRoute(<KnowledgeStep botId="bot-1" token="tok" onDone={() => (done = true)} />);
    fireEvent.change(screen.getByLabelText('Choose documents'), {
      target: {
        files: [
          fileOf('guide.pdf', 'application/pdf'),
          fileOf('notes.markdown', ''),
          fileOf('big.txt', 'text/plain', DEMO_MAX_FILE_BYTES + 1),
          fileOf('sheet.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
        ],
      },
    });
    expect(await screen.findByText('Only PDF, TXT, or Markdown files up to 2MB are allowed.')).toBeTruthy();
    expect(screen.getByText('guide.pdf')).toBeTruthy();
    expect(screen.getByText('notes.markdown')).toBeTruthy();
    expect(screen.queryByText('big.txt')).toBeNull();
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(2));
    expect(calls.filter((call) => call.key === uploadKey)).toHaveLength(2);

    // A reload of the tab shows the same documents, and Continue.
    view.unmount();
    renderRoute(<KnowledgeStep botId="bot-1" token="tok" onDone={() => (done = true)} />);
    expect(screen.getByText('guide.pdf')).toBeTruthy();
    expect(screen.getAllByText('Uploaded')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(done).toBe(true);
    expect(calls.filter((call) => call.key === uploadKey)).toHaveLength(2);
  });

  it('says which document failed to upload and why, and offers no Continue for it alone', async () => {
    stubFetch({
      'POST /demobots/upload-demo-document?bot_id=bot-1&demo_user_session_token=tok': {
        status: 400,
        body: { detail: 'This PDF has no text to read.' },
      },
    });
    renderRoute(<KnowledgeStep botId="bot-1" token="tok" onDone={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Choose documents'), { target: { files: [fileOf('scan.pdf', 'application/pdf')] } });
    expect(await screen.findByText('Failed')).toBeTruthy();
    expect(screen.getByText('This PDF has no text to read.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('reads a web page into the bot, lists it, and then offers Continue', async () => {
    const crawlKey = 'POST /demobots/crawl-demo-website?bot_id=bot-1&demo_user_session_token=tok';
    const calls = stubFetch({ [crawlKey]: { body: { url: 'https://museum.example/visits', status: 'completed', items_count: 1 } } });
    renderRoute(<KnowledgeStep botId="bot-1" token="tok" onDone={() => undefined} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Website' }));
    const url = await screen.findByRole('textbox', { name: 'Website URL' });
    expect(screen.queryByRole('img', { name: 'Address entered' })).toBeNull();
    fireEvent.change(url, { target: { value: 'https://museum.example/visits' } });
    expect(screen.getByRole('img', { name: 'Address entered' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Read this page' }));
    expect(await screen.findByText('https://museum.example/visits')).toBeTruthy();
    expect(JSON.parse(String(calls.find((call) => call.key === crawlKey)?.init?.body))).toEqual({ url: 'https://museum.example/visits' });
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it("shows the server's reason when a page cannot be read", async () => {
    stubFetch({
      'POST /demobots/crawl-demo-website?bot_id=bot-1&demo_user_session_token=tok': {
        status: 429,
        body: { detail: 'The demo reads up to 5 web pages. Sign up to add whole websites.' },
      },
    });
    renderRoute(<KnowledgeStep botId="bot-1" token="tok" onDone={() => undefined} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Website' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Website URL' }), { target: { value: 'https://museum.example/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read this page' }));
    expect(await screen.findByText('The demo reads up to 5 web pages. Sign up to add whole websites.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('shows Continue only once a file is uploaded', () => {
    renderRoute(<KnowledgeStep botId="bot-1" token="tok" onDone={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });
});

describe('ChatStep', () => {
  it('greets with Hello, ignores blank input, and shows the answer after the typing indicator', async () => {
    const calls = stubFetch({ 'POST /demobots/chat': { body: { answer: 'We open at 9.', sources: [] } } });
    renderRoute(<ChatStep botId="bot-1" token="tok" />);
    fireEvent.click(screen.getByRole('button', { name: 'Start chatting' }));
    expect(screen.getByText('Hello')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '   ' } });
    fireEvent.submit(screen.getByRole('textbox'));
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'When do you open?' } });
    fireEvent.submit(screen.getByRole('textbox'));
    expect(screen.getByText('When do you open?')).toBeTruthy();
    expect(screen.getByText('The bot is typing…')).toBeTruthy();
    expect(await screen.findByText('We open at 9.')).toBeTruthy();
    expect(JSON.parse(calls[0]!.init!.body as string)).toEqual({
      bot_id: 'bot-1',
      demo_user_session_token: 'tok',
      query: 'When do you open?',
    });
  });

  it('shows the sources of an answer and keeps the newest message in view', async () => {
    stubFetch({
      'POST /demobots/chat': {
        body: {
          answer: 'We open at 9 [1].',
          sources: [{ index: 1, title: 'hours.md', url: null, page: null, snippet: 'We open at 9 every day.', source_type: 'document' }],
        },
      },
    });
    renderRoute(<ChatStep botId="bot-1" token="tok" />);
    fireEvent.click(screen.getByRole('button', { name: 'Start chatting' }));
    const log = screen.getByRole('log');
    // jsdom lays nothing out: give the log a height to scroll.
    Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 900 });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'When do you open?' } });
    fireEvent.submit(screen.getByRole('textbox'));
    expect(await screen.findByText('hours.md')).toBeTruthy();
    expect(screen.getByText('Sources')).toBeTruthy();
    expect(screen.getByText('We open at 9 every day.')).toBeTruthy();
    expect(log.scrollTop).toBe(900);
  });

  it('keeps the conversation when the tab is reloaded', async () => {
    stubFetch({ 'POST /demobots/chat': { body: { answer: 'We open at 9.', sources: [] } } });
    const view = renderRoute(<ChatStep botId="bot-1" token="tok" />);
    fireEvent.click(screen.getByRole('button', { name: 'Start chatting' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'When do you open?' } });
    fireEvent.submit(screen.getByRole('textbox'));
    expect(await screen.findByText('We open at 9.')).toBeTruthy();
    view.unmount();
    renderRoute(<ChatStep botId="bot-1" token="tok" />);
    expect(screen.queryByRole('button', { name: 'Start chatting' })).toBeNull();
    expect(screen.getByText('When do you open?')).toBeTruthy();
    expect(screen.getByText('We open at 9.')).toBeTruthy();
  });

  it('answers with the failure message when the bot cannot reply', async () => {
    stubFetch({ 'POST /demobots/chat': { status: 500, body: { detail: 'down' } } });
    renderRoute(<ChatStep botId="bot-1" token="tok" />);
    fireEvent.click(screen.getByRole('button', { name: 'Start chatting' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Hi?' } });
    fireEvent.submit(screen.getByRole('textbox'));
    expect(await screen.findByText('Failed to get bot response.')).toBeTruthy();
  });
});
