import { displayText, type ChatMessage } from '../conversation.ts';
import { renderMarkdownHtml } from '@chatbot/common/markdown/html';
import type { ChatStrings } from '../strings.ts';
import type { Rating } from '../api.ts';
import { AnswerRating } from './AnswerRating.tsx';
import { SourceLinks } from './SourceLinks.tsx';

function formatTime(timestamp: string, language: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });
}

interface MessageBubbleProps {
  message: ChatMessage;
  botName: string;
  strings: ChatStrings;
  language: string;
  onRate: (message: ChatMessage, rating: Rating, comment?: string) => void;
}

/** One message: the visitor's as typed, the bot's as sanitised markdown with its sources. */
export function MessageBubble({ message, botName, strings, language, onRate }: MessageBubbleProps) {
  const text = displayText(message, strings);
  return (
    <li className={message.isUser ? 'message from-user' : 'message from-bot'}>
      <span className="sr-only">{message.isUser ? strings.you : botName}: </span>
      {message.isUser ? (
        <p className="message-text">{text}</p>
      ) : (
        <div className="message-text markdown" dangerouslySetInnerHTML={{ __html: renderMarkdownHtml(text) }} />
      )}
      {message.sources && message.sources.length > 0 && <SourceLinks sources={message.sources} strings={strings} />}
      <time className="message-time" dateTime={message.timestamp}>
        {formatTime(message.timestamp, language)}
      </time>
      {message.answerId && !message.streaming && (
        <AnswerRating rating={message.rating} strings={strings} onRate={(rating, comment) => onRate(message, rating, comment)} />
      )}
    </li>
  );
}
