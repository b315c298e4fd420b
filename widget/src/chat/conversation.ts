import type { Identity } from '../protocol.ts';
import { ApiError, createSession, fetchHistory, type ChatAnswer, type HistoryEntry, type Rating, type Source } from './api.ts';
import { loadSessionToken, saveSessionToken } from './sessionStore.ts';
import type { ChatStrings } from './strings.ts';

/** Bot texts the app writes itself, kept as keys so they follow the bot's language. */
export type NoticeKey = keyof Pick<ChatStrings, 'greeting' | 'connectionTrouble' | 'notUnderstood' | 'personWillReply'>;

export interface ChatMessage {
  id: string;
  text: string;
  isUser: boolean;
  timestamp: string;
  notice?: NoticeKey;
  sources?: Source[];
  /** The answer is still arriving. */
  streaming?: boolean;
  /** The stored answer's id, for its rating; none for the app's own texts and unstored replies. */
  answerId?: string;
  rating?: Rating | null;
}

let localIds = 0;

export function localMessage(fields: Omit<ChatMessage, 'id' | 'timestamp'>): ChatMessage {
  localIds += 1;
  return { id: `local-${localIds}`, timestamp: new Date().toISOString(), ...fields };
}

export const greeting = () => localMessage({ text: '', isUser: false, notice: 'greeting' });

/** The server does not know this session (expired, deleted, another bot's): start a new one. */
export function isUnknownSession(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function displayText(message: ChatMessage, strings: ChatStrings): string {
  return message.notice ? strings[message.notice] : message.text;
}

/** The finished answer; one without text is the spec's "didn't understand", unless a person has the conversation. */
export function answeredReply(reply: ChatMessage, answer: ChatAnswer): ChatMessage {
  if (answer.held_for_person) return { ...reply, text: '', notice: 'personWillReply', streaming: false };
  const text = answer.message || answer.response || '';
  return text.trim()
    ? { ...reply, text, sources: answer.sources ?? [], streaming: false, answerId: answer.message_id ?? undefined }
    : { ...reply, text: '', notice: 'notUnderstood', streaming: false };
}

/** A reloaded conversation's messages: the bot's stored answers can be rated again (a person's replies are not rated). */
export function historyMessages(history: HistoryEntry[]): ChatMessage[] {
  return history.map((entry) => (entry.isUser || entry.role === 'agent' ? entry : { ...entry, answerId: entry.id }));
}

export function failedReply(reply: ChatMessage): ChatMessage {
  return { ...reply, text: '', notice: 'connectionTrouble', streaming: false };
}

export async function startSession(botId: string, identity: Identity): Promise<string> {
  const token = await createSession(botId, identity);
  saveSessionToken(botId, token);
  return token;
}

/**
 * The stored session and its history, or a new session when none is stored or the server forgot it.
 * A history that fails for another reason reads as empty (the greeting shows); a session that
 * cannot be created rejects.
 */
export async function resumeConversation(botId: string, identity: Identity): Promise<{ sessionToken: string; history: HistoryEntry[] }> {
  const stored = loadSessionToken(botId);
  if (stored) {
    try {
      return { sessionToken: stored, history: await fetchHistory(botId, stored) };
    } catch (error) {
      if (!isUnknownSession(error)) return { sessionToken: stored, history: [] };
    }
  }
  return { sessionToken: await startSession(botId, identity), history: [] };
}
