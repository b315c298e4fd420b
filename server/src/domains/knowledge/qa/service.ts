import type { Prisma, PrismaClient, QaPair } from '../../../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../../../errors.ts';
import type { Clock } from '../../../platform/clock/index.ts';
import type { DataChanges } from '../../../platform/dataChanges.ts';
import type { OutageLogger } from '../../../platform/outage.ts';
import { RevocableCache, type RevocableCacheLimits } from '../../../platform/revocableCache.ts';
import type { RevocationList } from '../../../platform/revocations/index.ts';
import { parseInput } from '../../../platform/validation.ts';
import { findOwnedBot, ownedBotsWhere } from '../../bots/public.ts';
import { qaPairsCsv, qaPairsFromCsv } from './csv.ts';
import { QA_PAIR_LIMITS, QA_PAIR_MESSAGES, qaPairInput, sameQuestion, type QaPairInput } from './rules.ts';

/** One of the viewer's Q&A pairs, by id: another customer's is as missing as a made-up one. */
export function ownedQaPairWhere(viewerId: string | null, id: string) {
  return { id, bot: ownedBotsWhere(viewerId) } as const satisfies Prisma.QaPairWhereInput;
}

/** A pair whose question another of the bot's pairs has already is refused: the bot would not know which answer to give. */
function refuseSameQuestion(pairs: readonly { question: string }[], input: QaPairInput): void {
  const asked = sameQuestion(input.question);
  if (pairs.some((pair) => sameQuestion(pair.question) === asked)) {
    throw new ValidationError(
      QA_PAIR_MESSAGES.sameQuestion,
      [{ path: 'question', message: QA_PAIR_MESSAGES.sameQuestion }],
      'SAME_QA_QUESTION',
    );
  }
}

/** A pair as the chat compares questions with it. */
export interface KnownAnswerRow {
  id: string;
  question: string;
  answer: string;
  updatedAt: Date;
}

const KNOWN_ANSWERS_CACHE_LIMITS = {
  ttlMs: 60_000,
  entries: 2_000,
  entrySize: 4 * 1024 * 1024,
  totalSize: 32 * 1024 * 1024,
  clockMarginMs: 100,
} as const satisfies RevocableCacheLimits;

const pairsOf = (botId: string) => `qa-pairs:${botId}`;

/**
 * The owner's Q&A pairs: questions with the answers the owner wrote, kept with the bot's knowledge.
 * Every change tells the owner's cached screens, and revokes the bot's pairs the chat keeps (on
 * every replica), so an answer never reads pairs older than a change written before it was asked.
 */
export class QaPairService {
  private readonly knownAnswers: RevocableCache<readonly KnownAnswerRow[]> | null;

  constructor(
    private readonly deps: {
      prisma: PrismaClient;
      changes?: DataChanges | undefined;
      /** Keeps each bot's pairs between answers (an answer reads no more than the bot and its session); none: read every time. */
      cache?: { revocations: RevocationList; clock: Clock; logger: OutageLogger };
    },
  ) {
    this.knownAnswers = deps.cache
      ? new RevocableCache({
          ...deps.cache,
          outage: {
            started: 'the record of knowledge changes is unreachable (Redis); Q&A pairs are read for every answer meanwhile',
            ended: 'the record of knowledge changes is reachable again',
          },
          limits: KNOWN_ANSWERS_CACHE_LIMITS,
          sizeOf: (pairs) => pairs.reduce((size, pair) => size + pair.question.length + pair.answer.length + 64, 64),
        })
      : null;
  }

  /** A bot's pairs as the chat compares questions with them (the bot's access is the caller's business). */
  async knownAnswersOf(botId: string): Promise<readonly KnownAnswerRow[]> {
    const kept = await this.knownAnswers?.read(pairsOf(botId));
    if (kept) return kept;
    const startedAt = this.knownAnswers?.now();
    const pairs = await this.deps.prisma.qaPair.findMany({
      where: { botId },
      select: { id: true, question: true, answer: true, updatedAt: true },
    });
    if (startedAt !== undefined) this.knownAnswers?.write(pairsOf(botId), pairs, startedAt, [pairsOf(botId)]);
    return pairs;
  }

  /** After a change of a bot's pairs: the owner's screens and every replica's kept pairs hear of it. */
  private async changed(botId: string): Promise<void> {
    await Promise.all([this.knownAnswers?.revoke([pairsOf(botId)]), this.deps.changes?.botChanged(botId)]);
  }

  async create(ownerId: string, botId: string, rawInput: unknown): Promise<QaPair> {
    const input = parseInput(qaPairInput, rawInput);
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    const created = await this.deps.prisma.$transaction(async (tx) => {
      // Counted and compared in the transaction that adds, the bot locked: two saves at once cannot
      // both pass the limit, nor both add the same question.
      await tx.$queryRaw`SELECT id FROM bots WHERE id = ${bot.id} FOR UPDATE`;
      const questions = await tx.qaPair.findMany({ where: { botId: bot.id }, select: { id: true, question: true } });
      if (questions.length >= QA_PAIR_LIMITS.perBot) {
        throw new ValidationError(QA_PAIR_MESSAGES.tooMany, [], 'TOO_MANY_QA_PAIRS');
      }
      refuseSameQuestion(questions, input);
      return tx.qaPair.create({ data: { botId: bot.id, question: input.question, answer: input.answer } });
    });
    await this.changed(bot.id);
    return created;
  }

  /**
   * Adds the pairs of a CSV file to a bot, all or none: a pair whose question the bot already has
   * (the same words, whatever the case) gets the file's answer, so importing an export again adds
   * nothing twice.
   */
  async importCsv(ownerId: string, botId: string, csv: unknown): Promise<{ created: number; updated: number }> {
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    const pairs = qaPairsFromCsv(csv);
    const outcome = await this.deps.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM bots WHERE id = ${bot.id} FOR UPDATE`;
      const existing = await tx.qaPair.findMany({ where: { botId: bot.id }, select: { id: true, question: true } });
      const idOf = new Map(existing.map((pair) => [sameQuestion(pair.question), pair.id]));
      const updates = new Map<string, string>();
      const creates = new Map<string, { question: string; answer: string }>();
      for (const pair of pairs) {
        const key = sameQuestion(pair.question);
        const id = idOf.get(key);
        if (id) updates.set(id, pair.answer);
        else creates.set(key, pair);
      }
      if (existing.length + creates.size > QA_PAIR_LIMITS.perBot) {
        throw new ValidationError(QA_PAIR_MESSAGES.tooMany, [], 'TOO_MANY_QA_PAIRS');
      }
      for (const [id, answer] of updates) await tx.qaPair.update({ where: { id }, data: { answer } });
      await tx.qaPair.createMany({ data: [...creates.values()].map((pair) => ({ botId: bot.id, ...pair })) });
      return { created: creates.size, updated: updates.size };
    });
    await this.changed(bot.id);
    return outcome;
  }

  /** Copies a bot's pairs to another (a duplicate), with the times they were written. */
  async copyPairs(fromBotId: string, toBotId: string): Promise<void> {
    const pairs = await this.deps.prisma.qaPair.findMany({ where: { botId: fromBotId } });
    await this.deps.prisma.qaPair.createMany({
      data: pairs.map(({ question, answer, createdAt, updatedAt }) => ({ botId: toBotId, question, answer, createdAt, updatedAt })),
    });
  }

  /** A bot's pairs as a CSV file, oldest first (the order they were written in). */
  async exportCsv(ownerId: string, botId: string): Promise<string> {
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    const pairs = await this.deps.prisma.qaPair.findMany({ where: { botId: bot.id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    return qaPairsCsv(pairs);
  }

  async update(ownerId: string, id: string, rawInput: unknown): Promise<QaPair> {
    const input = parseInput(qaPairInput, rawInput);
    const pair = await this.deps.prisma.qaPair.findFirst({ where: ownedQaPairWhere(ownerId, id), select: { botId: true } });
    if (!pair) throw new NotFoundError(QA_PAIR_MESSAGES.notFound, 'QA_PAIR_NOT_FOUND');
    const updated = await this.deps.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM bots WHERE id = ${pair.botId} FOR UPDATE`;
      const others = await tx.qaPair.findMany({ where: { botId: pair.botId, id: { not: id } }, select: { id: true, question: true } });
      refuseSameQuestion(others, input);
      const { count } = await tx.qaPair.updateMany({ where: { id }, data: input });
      // Deleted meanwhile, it is as missing as it would have been a moment later.
      if (count === 0) throw new NotFoundError(QA_PAIR_MESSAGES.notFound, 'QA_PAIR_NOT_FOUND');
      return tx.qaPair.findUniqueOrThrow({ where: { id } });
    });
    await this.changed(updated.botId);
    return updated;
  }

  async delete(ownerId: string, id: string): Promise<QaPair> {
    const pair = await this.deps.prisma.qaPair.findFirst({ where: ownedQaPairWhere(ownerId, id) });
    if (!pair) throw new NotFoundError(QA_PAIR_MESSAGES.notFound, 'QA_PAIR_NOT_FOUND');
    await this.deps.prisma.qaPair.deleteMany({ where: { id: pair.id } });
    await this.changed(pair.botId);
    return pair;
  }
}
