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
  /** Offers a person under an answer that did not help; absent while the bot does not answer. */
  onTalkToPerson?: () => void;
  askingForPerson: boolean;
}

/** One message: the visitor's as typed, the bot's and a person's as sanitised markdown with its sources. */
export function MessageBubble({ message, botName, strings, language, onRate, onTalkToPerson, askingForPerson }: MessageBubbleProps) {
  const text = displayText(message, strings);
  return (
    <li className={message.isUser ? 'message from-user' : 'message from-bot'}>
      {message.agent ? (
        <span className="message-author">
          {message.authorName || strings.team}
          <span className="sr-only">: </span>
        </span>
      ) : (
        <span className="sr-only">{message.isUser ? strings.you : botName}: </span>
      )}
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
      {message.offerPerson && onTalkToPerson && (
        <button type="button" className="person-button offer" disabled={askingForPerson} onClick={onTalkToPerson}>
          {strings.talkToPerson}
        </button>
      )}
    </li>
  );
}
