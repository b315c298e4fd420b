import { readFrameFragment } from '../protocol.ts';
import { ChatWidget } from './ChatWidget.tsx';
import { ConfigError } from './components/ConfigError.tsx';

/** /embed-widget?bot_id=…&token=…: the chat, or the configuration error when either is missing. */
export function App({ url }: { url: string }) {
  const address = new URL(url);
  const botId = address.searchParams.get('bot_id')?.trim();
  const widgetToken = address.searchParams.get('token')?.trim();
  if (!botId || !widgetToken) return <ConfigError languages={navigator.languages} />;
  return <ChatWidget botId={botId} widgetToken={widgetToken} frame={readFrameFragment(address.hash)} />;
}
