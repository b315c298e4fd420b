// The widget's traffic rules, as values: what each counts, how many, over how long, and what its
// refusal tells the visitor. Strict per conversation (a person types far slower than a script);
// generous per address, since an office, a school or a mobile carrier puts many visitors behind
// one, each opening a chat of their own (the widget keeps its session in the browser, so one
// visitor opens one).
import type { RateLimitRule } from '../../platform/ratelimit/enforce.ts';
import { DEFAULT_WIDGET_MESSAGES_PER_MINUTE } from '../billing/public.ts';
import { CHAT_MESSAGES } from './errors.ts';

const MINUTE = 60_000;

/** The limit per bot is its owner's plan's (`widgetMessagesPerMinute`); `perBot` applies without a plan or a setting. */
export const WIDGET_RATE_LIMITS = {
  /** Messages in one conversation. */
  perSession: { limit: 20, windowMs: MINUTE },
  /** Messages from one address, all its conversations together. */
  perIp: { limit: 30, windowMs: MINUTE },
  /** Messages to one bot. */
  perBot: { limit: DEFAULT_WIDGET_MESSAGES_PER_MINUTE, windowMs: MINUTE },
  /**
   * New conversations from one address: a school's whole class opening the chat at once passes,
   * a script opening hundreds does not, and a refused address waits minutes, not an hour.
   */
  sessionsPerIp: { limit: 100, windowMs: 10 * MINUTE },
  /** Live streams one conversation opens (a widget reconnects after a drop, backing off). */
  streamsPerSession: { limit: 20, windowMs: MINUTE },
} as const satisfies Record<string, RateLimitRule>;

export type WidgetLimit = keyof typeof WIDGET_RATE_LIMITS;

/** Each refusal says what was limited: the visitor's conversation, their network or the bot. */
export const WIDGET_LIMIT_MESSAGES: Record<WidgetLimit, (seconds: number) => string> = {
  perSession: CHAT_MESSAGES.tooManyMessages,
  perIp: CHAT_MESSAGES.tooManyMessagesFromNetwork,
  perBot: CHAT_MESSAGES.botBusy,
  sessionsPerIp: CHAT_MESSAGES.tooManyNewChats,
  streamsPerSession: CHAT_MESSAGES.tooManyReconnects,
};
