import { displayText, type ChatMessage } from '../conversation.ts';
import { escapeHtml, renderMarkdownHtml } from '@chatbot/common/markdown/html';
import type { ChatStrings } from '../strings.ts';

/**
 * Tells screen readers that the bot is typing, then its finished reply, once: the message list
 * itself is not live, or every streamed token would be read out.
 */
export function LiveAnnouncer({ pending, lastReply, strings }: { pending: boolean; lastReply: ChatMessage | null; strings: ChatStrings }) {
  const html = pending ? escapeHtml(strings.typing) : lastReply ? renderMarkdownHtml(displayText(lastReply, strings)) : '';
  return <div className="sr-only" role="status" aria-live="polite" dangerouslySetInnerHTML={{ __html: html }} />;
}
