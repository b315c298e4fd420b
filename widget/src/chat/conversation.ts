import type { Identity } from '../protocol.ts';
import { ApiError, createSession, fetchHistory, type ChatAnswer, type HistoryEntry, type Rating, type Source } from './api.ts';
import { loadSessionToken, saveSessionToken } from './sessionStore.ts';
import type { ChatStrings } from './strings.ts';

/**
 * Texts the app writes itself, kept as keys so they follow the bot's language: the bot's, and the
 * lines saying who answers now (a person joined, the assistant is back).
 */
export type NoticeKey = keyof Pick<
  ChatStrings,
  | 'greeting'
  | 'connectionTrouble'
  | 'notUnderstood'
  | 'personWillReply'
  | 'waitingForPerson'
  | 'personJoined'
  | 'teamJoined'
  | 'assistantBack'
>;

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
  /** A person of the bot's owner wrote it. */
  agent?: boolean;
  /** The person's name, on their replies and on the line saying they joined; unknown in a reloaded history. */
  authorName?: string | null;
  /** A line about the conversation itself, not a message. */
  divider?: boolean;
  /** The bot could not help with this answer: the visitor may ask for a person. */
  offerPerson?: boolean;
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
  // A function replacer: a name holding `$&` is not a replacement pattern.
  return message.notice ? strings[message.notice].replace('{name}', () => message.authorName ?? '') : message.text;
}

/** The line saying a person of the team joined. */
export const joinedLine = (name: string | null) =>
  localMessage({ text: '', isUser: false, divider: true, notice: name ? 'personJoined' : 'teamJoined', authorName: name });

export const assistantBackLine = () => localMessage({ text: '', isUser: false, divider: true, notice: 'assistantBack' });

/** A person already speaks: the last message that is not the visitor's is theirs, or says they joined. */
function teamIsSpeaking(messages: ChatMessage[]): boolean {
  const last = messages.findLast((message) => !message.isUser);
  return last?.agent === true || last?.notice === 'personJoined' || last?.notice === 'teamJoined';
}

/** The conversation with the line saying a person joined, unless one already speaks. */
export function withJoinedLine(messages: ChatMessage[], line: ChatMessage): ChatMessage[] {
  return teamIsSpeaking(messages) ? messages : [...messages, line];
}

/** A stored line the server sent on its own (a person's reply, the bot's handoff lines): not an answer to rate. */
export function serverLine(entry: HistoryEntry): ChatMessage {
  const { id, text, timestamp, sources } = entry;
  return entry.role === 'agent'
    ? { id, text, timestamp, sources, isUser: false, agent: true, authorName: entry.author_name ?? null }
    : { id, text, timestamp, sources, isUser: false };
}

/**
 * The finished answer; one without text is the spec's "didn't understand", unless it waits for a
 * person (who has the conversation, or was asked for and has not come yet).
 */
export function answeredReply(reply: ChatMessage, answer: ChatAnswer): ChatMessage {
  if (answer.held_for_person) {
    return { ...reply, text: '', notice: answer.status === 'waiting' ? 'waitingForPerson' : 'personWillReply', streaming: false };
  }
  const text = answer.message || answer.response || '';
  return text.trim()
    ? {
        ...reply,
        text,
        sources: answer.sources ?? [],
        streaming: false,
        answerId: answer.message_id ?? undefined,
        offerPerson: answer.offer_person === true,
      }
    : { ...reply, text: '', notice: 'notUnderstood', streaming: false };
}

/**
 * A reloaded conversation's messages: the bot's stored answers can be rated again (a person's
 * replies are not rated). The history has no status changes, so a person's first reply after
 * the bot gets the line saying they joined.
 */
export function historyMessages(history: HistoryEntry[]): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const entry of history) {
    if (entry.role === 'agent' && !teamIsSpeaking(messages)) messages.push(joinedLine(entry.author_name ?? null));
    messages.push(entry.role === 'agent' ? serverLine(entry) : entry.isUser ? entry : { ...entry, answerId: entry.id });
  }
  return messages;
}

export function failedReply(reply: ChatMessage): ChatMessage {
  return { ...reply, text: '', notice: 'connectionTrouble', streaming: false };
}

export async function startSession(botId: string, identity: Identity, page: string | null): Promise<string> {
  const token = await createSession(botId, identity, page);
  saveSessionToken(botId, token);
  return token;
}

/**
 * The stored session and its history, or a new session when none is stored or the server forgot it.
 * A history that fails for another reason reads as empty (the greeting shows); a session that
 * cannot be created rejects.
 */
export async function resumeConversation(
  botId: string,
  identity: Identity,
  page: string | null,
): Promise<{ sessionToken: string; history: HistoryEntry[] }> {
  const stored = loadSessionToken(botId);
  if (stored) {
    try {
      return { sessionToken: stored, history: await fetchHistory(botId, stored) };
    } catch (error) {
      if (!isUnknownSession(error)) return { sessionToken: stored, history: [] };
    }
  }
  return { sessionToken: await startSession(botId, identity, page), history: [] };
}
