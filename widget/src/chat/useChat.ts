import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { Identity } from '../protocol.ts';
import { ApiError, askForPerson, rateAnswer, sendMessage, type ConversationStatus, type HistoryEntry, type Rating } from './api.ts';
import {
  answeredReply,
  assistantBackLine,
  failedReply,
  greeting,
  historyMessages,
  isUnknownSession,
  joinedLine,
  localMessage,
  resumeConversation,
  serverLine,
  startSession,
  withJoinedLine,
  type ChatMessage,
} from './conversation.ts';
import { followConversation } from './liveConversation.ts';

export type ChatErrorKey = 'initFailed' | 'sendFailed' | 'rateLimited' | 'rateFailed' | 'personUnavailable' | 'personRequestFailed';

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
  /** The latest finished reply, or what a person or the bot said unasked, for screen readers. */
  lastReply: ChatMessage | null;
  /** Who answers the conversation, as the server last said. */
  status: ConversationStatus;
  /** A person is being asked for. */
  askingForPerson: boolean;
  send(text: string): void;
  /** Rates a stored answer (a later rating replaces it); shown at once, taken back if it fails. */
  rate(answer: ChatMessage, rating: Rating, comment?: string): void;
  /** Asks for a person of the bot's owner to take the conversation over. */
  talkToPerson(): void;
}

interface ChatOptions {
  botId: string;
  widgetToken: string;
  identity: RefObject<Identity>;
  /** The host page the chat is open on, or null outside a host page. */
  page: string | null;
  onReply: () => void;
}

/**
 * One visitor's conversation with a bot: session, history, answers streamed in as they come, and,
 * live while the session lasts, who answers it and what a person of the bot's owner says.
 */
export function useChat({ botId, widgetToken, identity, page, onReply }: ChatOptions): ChatState {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [starting, setStarting] = useState(true);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ChatErrorKey | null>(null);
  const [lastReply, setLastReply] = useState<ChatMessage | null>(null);
  const [status, setStatus] = useState<ConversationStatus>('bot');
  const [askingForPerson, setAskingForPerson] = useState(false);
  // The live stream follows the session in state; requests read the ref, which a retry replaces at once.
  const [liveSession, setLiveSession] = useState<string | null>(null);
  const sessionToken = useRef<string | null>(null);
  const sending = useRef(false);
  const asking = useRef(false);
  /** What the server last said of the status; null until it said anything (a reloaded history has none). */
  const knownStatus = useRef<ConversationStatus | null>(null);
  /** Server messages on screen, and the newest one's time, so a reconnect replays only what was missed. */
  const seenIds = useRef(new Set<string>());
  const newestSeen = useRef<string | null>(null);

  const adoptSession = useCallback((token: string) => {
    sessionToken.current = token;
    setLiveSession(token);
    return token;
  }, []);
  const seen = useCallback((entry: HistoryEntry) => {
    seenIds.current.add(entry.id);
    if (!newestSeen.current || Date.parse(entry.timestamp) > Date.parse(newestSeen.current)) newestSeen.current = entry.timestamp;
  }, []);
  const changeStatus = useCallback((next: ConversationStatus) => {
    knownStatus.current = next;
    setStatus(next);
  }, []);

  /** Runs a request with the visitor's session, starting one first if needed, and a new one if the server forgot it. */
  const withSession = useCallback(
    async <T>(request: (token: string) => Promise<T>): Promise<T> => {
      const once = async () => request(sessionToken.current ?? adoptSession(await startSession(botId, identity.current, page)));
      try {
        return await once();
      } catch (failure) {
        if (!isUnknownSession(failure)) throw failure;
        sessionToken.current = null;
        return once();
      }
    },
    [botId, identity, page, adoptSession],
  );

  useEffect(() => {
    let cancelled = false;
    resumeConversation(botId, identity.current, page)
      .then(
        (resumed) => {
          if (cancelled) return;
          resumed.history.forEach(seen);
          setMessages(resumed.history.length > 0 ? historyMessages(resumed.history) : [greeting()]);
          adoptSession(resumed.sessionToken);
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
  }, [botId, identity, page, adoptSession, seen]);

  useEffect(() => {
    if (!liveSession) return;
    return followConversation(botId, liveSession, {
      since: () => newestSeen.current,
      onStatus: (next, agentName) => {
        const previous = knownStatus.current;
        changeStatus(next);
        if (next === 'human' && previous !== 'human') {
          const line = joinedLine(agentName);
          setMessages((list) => withJoinedLine(list, line));
          // The first status of a reloaded conversation is no news.
          if (previous !== null) setLastReply(line);
        } else if (next === 'bot' && previous === 'human') {
          const line = assistantBackLine();
          setMessages((list) => [...list, line]);
          setLastReply(line);
        }
      },
      onMessage: (entry) => {
        if (seenIds.current.has(entry.id)) return;
        seen(entry);
        const message = serverLine(entry);
        // A person's reply that came before the status saying they joined still follows that line.
        setMessages((list) => [...(message.agent ? withJoinedLine(list, joinedLine(message.authorName ?? null)) : list), message]);
        setLastReply(message);
        onReply();
      },
    });
  }, [botId, liveSession, changeStatus, seen, onReply]);

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

      setMessages((list) => [...list, question, reply]);
      setPending(true);
      setError(null);
      withSession((token) => sendMessage(botId, widgetToken, { message: text, session_token: token }, appendToken))
        .then(
          (answer) => {
            if (answer.message_id) seenIds.current.add(answer.message_id);
            if (answer.status) changeStatus(answer.status);
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
    [botId, widgetToken, withSession, changeStatus, onReply],
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
      }).then(
        (saved) => {
          // After a thumbs-down, the server may say a person can help instead.
          if (saved.offer_person)
            setMessages((list) => list.map((message) => (message.id === answer.id ? { ...message, offerPerson: true } : message)));
        },
        (failure: unknown) => {
          rated(answer.rating);
          setError(errorOf(failure, 'rateFailed'));
        },
      );
    },
    [botId, widgetToken],
  );

  const talkToPerson = useCallback(() => {
    if (asking.current) return;
    asking.current = true;
    setAskingForPerson(true);
    setError(null);
    withSession((token) => askForPerson(botId, widgetToken, token, page))
      .then(
        (answer) => {
          changeStatus(answer.status);
          // The stream may have brought the line first: it is shown once.
          if (answer.message && seenIds.current.has(answer.message.id)) return;
          if (answer.message) {
            seen(answer.message);
            const line = serverLine(answer.message);
            setMessages((list) => [...list, line]);
            setLastReply(line);
          } else {
            setLastReply(
              localMessage({ text: '', isUser: false, notice: answer.status === 'waiting' ? 'waitingForPerson' : 'personWillReply' }),
            );
          }
        },
        (failure: unknown) => {
          // 409: this bot does not hand conversations to a person.
          setError(failure instanceof ApiError && failure.status === 409 ? 'personUnavailable' : errorOf(failure, 'personRequestFailed'));
        },
      )
      .finally(() => {
        asking.current = false;
        setAskingForPerson(false);
      });
  }, [botId, widgetToken, page, withSession, changeStatus, seen]);

  return {
    messages,
    busy: starting || pending,
    pending,
    error,
    lastReply,
    status,
    askingForPerson,
    send,
    rate,
    talkToPerson,
  };
}
