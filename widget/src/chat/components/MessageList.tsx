import { useEffect, useRef } from 'react';
import type { Rating } from '../api.ts';
import type { ChatMessage } from '../conversation.ts';
import type { ChatStrings } from '../strings.ts';
import { MessageBubble } from './MessageBubble.tsx';
import { TypingIndicator } from './TypingIndicator.tsx';

interface MessageListProps {
  messages: ChatMessage[];
  botName: string;
  strings: ChatStrings;
  language: string;
  onRate: (message: ChatMessage, rating: Rating, comment?: string) => void;
}

/** The conversation, kept scrolled to its newest line; a reply with no text yet shows as typing. */
export function MessageList({ messages, botName, strings, language, onRate }: MessageListProps) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [messages]);

  return (
    // Focusable so keyboard users can scroll it.
    <ol className="messages" aria-label={strings.conversation} ref={list} tabIndex={0}>
      {messages.map((message) =>
        message.streaming && !message.text ? (
          <TypingIndicator key={message.id} label={strings.typing} />
        ) : (
          <MessageBubble key={message.id} message={message} botName={botName} strings={strings} language={language} onRate={onRate} />
        ),
      )}
    </ol>
  );
}
