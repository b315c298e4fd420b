import { z } from 'zod';
import type { ConversationStatus } from '../../generated/prisma/client.ts';
import { ForbiddenError, PaymentRequiredError } from '../../errors.ts';
import type { HandoffOutcome } from '../inbox/public.ts';
import { CHAT_MESSAGES, chatErrors, MAX_MESSAGE_LENGTH } from './errors.ts';
import type { Citation } from './passages.ts';

/** A visitor's message as every channel takes it. */
export const messageText = z
  .string({ error: CHAT_MESSAGES.emptyMessage })
  .trim()
  .min(1, { error: CHAT_MESSAGES.emptyMessage })
  .max(MAX_MESSAGE_LENGTH, { error: CHAT_MESSAGES.tooLong });

export interface ChatReply {
  text: string;
  sources: Citation[];
  /** The stored answer's id (what a rating names); null for a refusal the chat did not store. */
  messageId: string | null;
  /** True when a person has the conversation (or was asked for): the message was kept for them, and the bot said nothing. */
  heldForPerson?: boolean;
  /** The bot found nothing to answer from (a refusal): where a person can be asked for, the visitor is offered one. */
  unanswered?: boolean;
  /** A person can be asked for, and the bot could not help: the widget offers one. */
  offerPerson?: boolean;
  /** Who answers the conversation after this message; absent where the channel has no conversation status (the test chat). */
  status?: ConversationStatus;
}

/**
 * A visitor's message kept for a person, or the bot's line about a person, as the chat answers it
 * (WhatsApp sends nothing for a message kept for a person).
 */
export function handoffReply(outcome: HandoffOutcome): ChatReply {
  return {
    text: outcome.line?.content ?? '',
    sources: [],
    messageId: null,
    heldForPerson: outcome.line === null,
    status: outcome.status,
  };
}

/**
 * The refusals a visitor (widget, WhatsApp) hears as the bot's polite "unavailable": an answer nobody
 * pays for, or a bot whose owner is suspended. Both are refused before anything is charged or stored.
 */
export function refusedPolitely(error: unknown): error is PaymentRequiredError | ForbiddenError {
  return error instanceof PaymentRequiredError || (error instanceof ForbiddenError && error.code === chatErrors.ownerSuspended().code);
}
