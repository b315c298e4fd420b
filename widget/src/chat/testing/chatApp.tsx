import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { App } from '../App.tsx';
import type { fakeWidgetApi } from './fakeWidgetApi.ts';

export const CHAT_URL = 'http://product.test/embed-widget?bot_id=bot-1&token=widget-token';
export const SESSION_KEY = 'chatbot-widget:session:bot-1';

/** The chat app at `url`, on the fake API. */
export function startApp(api: ReturnType<typeof fakeWidgetApi>, url = CHAT_URL) {
  vi.stubGlobal('fetch', api.fetch);
  render(<App url={url} />);
  return { user: userEvent.setup(), input: screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement };
}

export const messages = () => [...screen.getByRole('list', { name: 'Conversation' }).children] as HTMLElement[];
export const lastMessage = () => messages().at(-1)!;
