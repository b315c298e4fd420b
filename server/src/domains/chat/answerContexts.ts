import type { Clock } from '../../platform/clock/index.ts';
import type { OutageLogger } from '../../platform/outage.ts';
import { RevocableCache, type RevocableCacheLimits } from '../../platform/revocableCache.ts';
import type { RevocationList } from '../../platform/revocations/index.ts';
import { CHANGE_KEYS, RESPONSE_CACHE_LIMITS } from '../../responseCache.ts';
import type { AnswerRows, AnswerSession } from './records.ts';

export const ANSWER_CONTEXT_LIMITS = {
  /** The revocations that end a context are remembered this long (see CHANGE_KEYS): no longer. */
  ttlMs: RESPONSE_CACHE_LIMITS.ttlMs,
  /** Bots (with their owner's standing) and conversations each. */
  entries: 20_000,
  /** A bot's prompts, in UTF-16 code units. */
  entrySize: 256 * 1024,
  totalSize: 32 * 1024 * 1024,
  clockMarginMs: RESPONSE_CACHE_LIMITS.clockMarginMs,
} as const satisfies RevocableCacheLimits;

/** What an answer needs of its bot, shared by its visitors' questions: the bot, who pays, the platform key. */
type BotContext = Omit<AnswerRows, 'sessions'>;

/** One question's rows (see ChatService): its bot's context and its conversation, if found. */
export type QuestionRows = BotContext & { session: AnswerSession | null };

/**
 * The rows a widget question reads before its answer, kept for a few seconds: a busy bot's visitors
 * then send no statement before their answers. A bot's context (its settings, its owner's billing
 * standing, the platform's AI key) and each conversation are kept apart, both until their owner's
 * data changes (CHANGE_KEYS.customer: a bot edited, a conversation deleted, credits bought, or run
 * out, see ChatService) or an admin's does; not when an answer is stored (conversationsChanged).
 * A standing is kept no longer than the subscription or trial it stands on. Bots without an owner
 * (the demo's) are not kept: nobody's changes would revoke them.
 */
export class AnswerContextCache {
  private readonly bots: RevocableCache<BotContext>;
  private readonly sessions: RevocableCache<AnswerSession>;

  constructor(deps: { revocations: RevocationList; clock: Clock; logger: OutageLogger }) {
    const outage = {
      started: 'the record of data changes is unreachable (Redis); every answer reads its bot and conversation meanwhile',
      ended: 'the record of data changes is reachable again',
    };
    this.bots = new RevocableCache({ ...deps, outage, limits: ANSWER_CONTEXT_LIMITS, sizeOf: botContextSize });
    this.sessions = new RevocableCache({ ...deps, outage, limits: ANSWER_CONTEXT_LIMITS, sizeOf: () => 1 });
  }

  /** When a read starts: what it finds is at least this fresh (see `write`). */
  now(): number {
    return this.bots.now();
  }

  /** The rows of a question to the bot looked up as `botKey` in the conversation of `tokenHash`; null unless both are kept. */
  async read(botKey: string, tokenHash: string): Promise<QuestionRows | null> {
    const [context, session] = await Promise.all([this.bots.read(botKey), this.sessions.read(tokenHash)]);
    return context && session && session.botId === context.bot.id ? { ...context, session } : null;
  }

  /** Keeps the rows of a read that started at `readAt` (from `now`). */
  write(botKey: string, tokenHash: string, { session, ...context }: QuestionRows, readAt: number): void {
    const ownerId = context.bot.ownerId;
    if (!ownerId) return;
    const revokedBy = [CHANGE_KEYS.customer(ownerId), CHANGE_KEYS.everything];
    this.bots.write(botKey, context, readAt, revokedBy, context.standing?.standingEndsAt?.getTime());
    if (session) this.sessions.write(tokenHash, session, readAt, revokedBy);
  }
}

function botContextSize({ bot }: BotContext): number {
  return 1_000 + bot.generatedPrompt.length + (bot.botPrompt?.length ?? 0) + (bot.customToneDescription?.length ?? 0);
}
