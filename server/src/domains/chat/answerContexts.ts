import type { Clock } from '../../platform/clock/index.ts';
import type { OutageLogger } from '../../platform/outage.ts';
import { RevocableCache, type RevocableCacheLimits } from '../../platform/revocableCache.ts';
import type { RevocationList } from '../../platform/revocations/index.ts';
import { CHANGE_KEYS, RESPONSE_CACHE_LIMITS } from '../../graphql/responseCache.ts';
import type { AnswerRows, AnswerSession } from './records.ts';

export const ANSWER_CONTEXT_LIMITS = {
  /** The revocations that end a context are remembered this long (see CHANGE_KEYS): no longer. */
  ttlMs: RESPONSE_CACHE_LIMITS.ttlMs,
  /** Conversations. */
  entries: 20_000,
  /** A bot's prompts, in UTF-16 code units, counted for each of its conversations kept. */
  entrySize: 256 * 1024,
  totalSize: 32 * 1024 * 1024,
  clockMarginMs: RESPONSE_CACHE_LIMITS.clockMarginMs,
} as const satisfies RevocableCacheLimits;

/** One question's rows (see ChatService): its bot, who pays, the platform key's stamp, and its conversation if found. */
export type QuestionRows = Omit<AnswerRows, 'sessions'> & { session: AnswerSession | null };

/**
 * The rows a widget question reads before its answer, kept for a few seconds by conversation: a
 * visitor's next questions then send no statement before their answers. Kept until their owner's
 * data changes (CHANGE_KEYS.customer: a bot edited, a conversation deleted, credits bought, or run
 * out, see ChatService) or an admin's does; not when an answer is stored (conversationsChanged).
 * A standing is kept no longer than the subscription or trial it stands on. Bots without an owner
 * (the demo's) are not kept: nobody's changes would revoke them.
 */
export class AnswerContextCache {
  private readonly cache: RevocableCache<QuestionRows>;

  constructor(deps: { revocations: RevocationList; clock: Clock; logger: OutageLogger }) {
    this.cache = new RevocableCache({
      ...deps,
      outage: {
        started: 'the record of data changes is unreachable (Redis); every answer reads its bot and conversation meanwhile',
        ended: 'the record of data changes is reachable again',
      },
      limits: ANSWER_CONTEXT_LIMITS,
      sizeOf: questionRowsSize,
    });
  }

  /** When a read starts: what it finds is at least this fresh (see `write`). */
  now(): number {
    return this.cache.now();
  }

  /** The rows of a question to the bot looked up as `botKey` in the conversation of `tokenHash`, if kept. */
  read(botKey: string, tokenHash: string): Promise<QuestionRows | null> {
    return this.cache.read(keyOf(botKey, tokenHash));
  }

  /** Keeps the rows of a read that started at `readAt` (from `now`), if they found the conversation. */
  write(botKey: string, tokenHash: string, rows: QuestionRows, readAt: number): void {
    const ownerId = rows.bot.ownerId;
    if (!ownerId || !rows.session) return;
    const revokedBy = [CHANGE_KEYS.customer(ownerId), CHANGE_KEYS.everything];
    this.cache.write(keyOf(botKey, tokenHash), rows, readAt, revokedBy, rows.standing?.standingEndsAt?.getTime());
  }
}

const keyOf = (botKey: string, tokenHash: string) => `${botKey}\u0000${tokenHash}`;

function questionRowsSize({ bot }: QuestionRows): number {
  return 1_000 + bot.generatedPrompt.length + (bot.botPrompt?.length ?? 0) + (bot.customToneDescription?.length ?? 0);
}
