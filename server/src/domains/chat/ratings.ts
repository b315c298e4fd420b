// Ratings of answers: one thumbs up or down per answer, changeable, with an optional line that says
// what was wrong on a thumbs-down. Visitors rate through the widget, owners through GraphQL.
import { z } from 'zod';
import type { Logger } from 'pino';
import type { AnswerRating, Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { NotFoundError } from '../../errors.ts';
import type { PubSub } from '../../platform/pubsub/index.ts';
import { announceAttention } from './attentionEvents.ts';

export const MAX_RATING_COMMENT_LENGTH = 500;

export const RATING_MESSAGES = {
  rating: "rating must be 'up' or 'down'",
  commentText: 'comment must be text',
  commentOnDownOnly: 'A comment goes with a thumbs-down only.',
  commentTooLong: `Comment is too long: at most ${MAX_RATING_COMMENT_LENGTH} characters.`,
  answerNotFound: 'Answer not found in this conversation.',
} as const;

export interface RatedAnswer {
  messageId: string;
  rating: AnswerRating;
  comment: string | null;
}

/** A comment as kept: one line, runs of spaces and line breaks made one space; none when blank. */
export function oneLineComment(text: string | null | undefined): string | null {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line === '' ? null : line;
}

/** A rating with its comment; a comment on a thumbs-up is refused rather than dropped unseen. */
export const ratingInput = z
  .object({
    rating: z.enum(['up', 'down'], { error: RATING_MESSAGES.rating }),
    comment: z.string({ error: RATING_MESSAGES.commentText }).nullish().transform(oneLineComment),
  })
  .superRefine((input, context) => {
    if (input.comment !== null && input.comment.length > MAX_RATING_COMMENT_LENGTH) {
      context.addIssue({ code: 'custom', path: ['comment'], message: RATING_MESSAGES.commentTooLong });
    }
    if (input.comment !== null && input.rating === 'up') {
      context.addIssue({ code: 'custom', path: ['comment'], message: RATING_MESSAGES.commentOnDownOnly });
    }
  });

export type RatingInput = z.output<typeof ratingInput>;

/**
 * Rates the answer `where` picks (a bot's answer, never a question), replacing an earlier rating
 * and its comment; an answer outside `where` is as missing as a made-up one. The owner's Needs
 * attention hears of it, whichever way the rating went (a thumbs-up takes an answer out).
 */
export async function rateAnswer(
  deps: { prisma: PrismaClient; pubsub?: PubSub | undefined; logger: Logger },
  where: Prisma.ChatMessageWhereInput & { id: string },
  input: RatingInput,
  ratedAt: Date,
): Promise<RatedAnswer> {
  const { count } = await deps.prisma.chatMessage.updateMany({
    where: { ...where, role: 'assistant' },
    data: { rating: input.rating, ratingComment: input.comment, ratedAt },
  });
  if (count === 0) throw new NotFoundError(RATING_MESSAGES.answerNotFound, 'ANSWER_NOT_FOUND');
  const rated = await deps.prisma.chatMessage.findUnique({
    where: { id: where.id },
    select: { session: { select: { bot: { select: { ownerId: true } } } } },
  });
  const ownerId = rated?.session.bot.ownerId;
  if (ownerId) await announceAttention(deps, [{ ownerId, chatLogId: where.id }]);
  return { messageId: where.id, rating: input.rating, comment: input.comment };
}

/**
 * The rating a WhatsApp message gives when it is only a thumb: 👍 or 👎, in any skin tone, with
 * spaces around; null for anything else (a question, a thumb inside a sentence).
 */
export function thumbRating(text: string): AnswerRating | null {
  const thumb = text.trim().replace(/\uFE0F|[\u{1F3FB}-\u{1F3FF}]/gu, '');
  if (thumb === '\u{1F44D}') return 'up';
  if (thumb === '\u{1F44E}') return 'down';
  return null;
}
