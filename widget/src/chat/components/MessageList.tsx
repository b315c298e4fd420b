import { useEffect, useRef } from 'react';
import type { Rating } from '../api.ts';
import { displayText, type ChatMessage } from '../conversation.ts';
import type { ChatStrings } from '../strings.ts';
import { MessageBubble } from './MessageBubble.tsx';
import { TypingIndicator } from './TypingIndicator.tsx';

interface MessageListProps {
  messages: ChatMessage[];
  botName: string;
  strings: ChatStrings;
  language: string;
  onRate: (message: ChatMessage, rating: Rating, comment?: string) => void;
  /** Offers a person under answers that did not help; absent while the bot does not answer. */
  onTalkToPerson?: () => void;
  askingForPerson: boolean;
}

/**
 * The conversation, kept scrolled to its newest line; a reply with no text yet shows as typing, a
 * line about who answers as a divider.
 */
export function MessageList({ messages, botName, strings, language, onRate, onTalkToPerson, askingForPerson }: MessageListProps) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [messages]);

  return (
    // Focusable so keyboard users can scroll it.
    <ol className="messages" aria-label={strings.conversation} ref={list} tabIndex={0}>
      {messages.map((message) =>
        message.divider ? (
          <li key={message.id} className="conversation-line">
            {displayText(message, strings)}
          </li>
        ) : message.streaming && !message.text ? (
          <TypingIndicator key={message.id} label={strings.typing} />
        ) : (
          <MessageBubble
            key={message.id}
            message={message}
            botName={botName}
            strings={strings}
            language={language}
            onRate={onRate}
            onTalkToPerson={onTalkToPerson}
            askingForPerson={askingForPerson}
          />
        ),
      )}
    </ol>
  );
}
