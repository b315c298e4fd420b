import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { Identity } from '../protocol.ts';
import { ApiError, rateAnswer, sendMessage, type ChatAnswer, type Rating } from './api.ts';
import {
  answeredReply,
  failedReply,
  greeting,
  historyMessages,
  isUnknownSession,
  localMessage,
  resumeConversation,
  startSession,
  type ChatMessage,
} from './conversation.ts';

export type ChatErrorKey = 'initFailed' | 'sendFailed' | 'rateLimited' | 'rateFailed';

/** A refusal for traffic says so (wait and retry), whatever failed; anything else is `otherwise`. */
const errorOf = (failure: unknown, otherwise: ChatErrorKey): ChatErrorKey =>
  failure instanceof ApiError && failure.status === 429 ? 'rateLimited' : otherwise;

export interface ChatState {
  messages: ChatMessage[];
  /** The session is starting or a reply is awaited: nothing can be sent. */
  busy: boolean;
  /** A reply is awaited. */
  pending: boolean;
  error: ChatErrorKey | null;
  /** The latest finished reply, for screen readers. */
  lastReply: ChatMessage | null;
  send(text: string): void;
  /** Rates a stored answer (a later rating replaces it); shown at once, taken back if it fails. */
  rate(answer: ChatMessage, rating: Rating, comment?: string): void;
}

interface ChatOptions {
  botId: string;
  widgetToken: string;
  identity: RefObject<Identity>;
  onReply: () => void;
}

/** One visitor's conversation with a bot: session, history, and answers streamed in as they come. */
export function useChat({ botId, widgetToken, identity, onReply }: ChatOptions): ChatState {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [starting, setStarting] = useState(true);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ChatErrorKey | null>(null);
  const [lastReply, setLastReply] = useState<ChatMessage | null>(null);
  const sessionToken = useRef<string | null>(null);
  const sending = useRef(false);

  useEffect(() => {
    let cancelled = false;
    resumeConversation(botId, identity.current)
      .then(
        (resumed) => {
          if (cancelled) return;
          sessionToken.current = resumed.sessionToken;
          setMessages(resumed.history.length > 0 ? historyMessages(resumed.history) : [greeting()]);
        },
        (failure: unknown) => {
          if (cancelled) return;
          setError(errorOf(failure, 'initFailed'));
          setMessages([greeting()]);
        },
      )
      .finally(() => setStarting(false));
    return () => {
      cancelled = true;
    };
  }, [botId, identity]);

  const send = useCallback(
    (input: string) => {
      const text = input.trim();
      if (!text || sending.current) return;
      sending.current = true;
      const question = localMessage({ text, isUser: true });
      const reply = localMessage({ text: '', isUser: false, streaming: true });
      const replace = (next: ChatMessage) => setMessages((list) => list.map((message) => (message.id === reply.id ? next : message)));
      const appendToken = (token: string) =>
        setMessages((list) => list.map((message) => (message.id === reply.id ? { ...message, text: message.text + token } : message)));

      const askOnce = async () => {
        sessionToken.current ??= await startSession(botId, identity.current);
        return sendMessage(botId, widgetToken, { message: text, session_token: sessionToken.current }, appendToken);
      };
      const ask = async (): Promise<ChatAnswer> => {
        try {
          return await askOnce();
        } catch (failure) {
          if (!isUnknownSession(failure)) throw failure;
          sessionToken.current = null;
          return askOnce();
        }
      };

      setMessages((list) => [...list, question, reply]);
      setPending(true);
      setError(null);
      ask()
        .then(
          (answer) => {
            const answered = answeredReply(reply, answer);
            replace(answered);
            setLastReply(answered);
            onReply();
          },
          (failure: unknown) => {
            const key = errorOf(failure, 'sendFailed');
            // Refused for traffic, nothing went wrong with the connection: the notice says to wait.
            if (key === 'rateLimited') {
              setMessages((list) => list.filter((message) => message.id !== reply.id));
            } else {
              const failed = failedReply(reply);
              replace(failed);
              setLastReply(failed);
            }
            setError(key);
          },
        )
        .finally(() => {
          sending.current = false;
          setPending(false);
        });
    },
    [botId, widgetToken, identity, onReply],
  );

  const rate = useCallback(
    (answer: ChatMessage, rating: Rating, comment?: string) => {
      const { answerId } = answer;
      if (!answerId || !sessionToken.current) return;
      const rated = (value: Rating | null | undefined) =>
        setMessages((list) => list.map((message) => (message.id === answer.id ? { ...message, rating: value } : message)));
      rated(rating);
      setError(null);
      rateAnswer(botId, widgetToken, answerId, {
        session_token: sessionToken.current,
        rating,
        ...(comment?.trim() ? { comment } : {}),
      }).catch((failure: unknown) => {
        rated(answer.rating);
        setError(errorOf(failure, 'rateFailed'));
      });
    },
    [botId, widgetToken],
  );

  return { messages, busy: starting || pending, pending, error, lastReply, send, rate };
}
