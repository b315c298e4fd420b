import { ApiError, conversationEvents, type ConversationStatus, type HistoryEntry } from './api.ts';

/** Waits before reconnecting, longer after each failure in a row, so a server that is down is not hammered. */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000];

/** A refusal that asking again cannot change (the session is gone, the bot switched off); traffic and timeouts pass. */
const isFinalRefusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

export interface LiveConversationHandlers {
  onStatus(status: ConversationStatus, agentName: string | null): void;
  onMessage(message: HistoryEntry): void;
  /** The newest server time the app has seen: a reconnect replays what came after it. */
  since(): string | null;
}

/**
 * Follows a conversation's live events, reconnecting after a drop, until stopped or refused for good.
 * Returns the function that stops it.
 */
export function followConversation(botId: string, sessionToken: string, handlers: LiveConversationHandlers): () => void {
  const stop = new AbortController();
  let failuresInARow = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    try {
      for await (const event of conversationEvents(botId, sessionToken, handlers.since(), stop.signal)) {
        // The server opens with the status: the connection works.
        failuresInARow = 0;
        if (event.type === 'status') handlers.onStatus(event.status, event.agentName);
        else handlers.onMessage(event.message);
      }
    } catch (error) {
      if (isFinalRefusal(error)) return;
    }
    if (stop.signal.aborted) return;
    retry = setTimeout(connect, RECONNECT_DELAYS_MS[Math.min(failuresInARow, RECONNECT_DELAYS_MS.length - 1)]);
    failuresInARow += 1;
  };

  void connect();
  return () => {
    stop.abort();
    clearTimeout(retry);
  };
}
