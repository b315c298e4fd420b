import type { Prisma, PrismaClient, QaPair } from '../../../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../../../errors.ts';
import type { DataChanges } from '../../../platform/dataChanges.ts';
import { parseInput } from '../../../platform/validation.ts';
import { findOwnedBot, ownedBotsWhere } from '../../bots/public.ts';
import { QA_PAIR_LIMITS, QA_PAIR_MESSAGES, qaPairInput } from './rules.ts';

/** One of the viewer's Q&A pairs, by id: another customer's is as missing as a made-up one. */
export function ownedQaPairWhere(viewerId: string | null, id: string) {
  return { id, bot: ownedBotsWhere(viewerId) } as const satisfies Prisma.QaPairWhereInput;
}

/**
 * The owner's Q&A pairs: questions with the answers the owner wrote, kept with the bot's knowledge.
 * Every change tells the owner's cached screens.
 */
export class QaPairService {
  constructor(private readonly deps: { prisma: PrismaClient; changes?: DataChanges | undefined }) {}

  async create(ownerId: string, botId: string, rawInput: unknown): Promise<QaPair> {
    const input = parseInput(qaPairInput, rawInput);
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    const created = await this.deps.prisma.$transaction(async (tx) => {
      // Counted in the transaction that adds: two saves at once cannot both pass the limit.
      await tx.$queryRaw`SELECT id FROM bots WHERE id = ${bot.id} FOR UPDATE`;
      if ((await tx.qaPair.count({ where: { botId: bot.id } })) >= QA_PAIR_LIMITS.perBot) {
        throw new ValidationError(QA_PAIR_MESSAGES.tooMany, [], 'TOO_MANY_QA_PAIRS');
      }
      return tx.qaPair.create({ data: { botId: bot.id, question: input.question, answer: input.answer } });
    });
    await this.deps.changes?.botChanged(bot.id);
    return created;
  }

  async update(ownerId: string, id: string, rawInput: unknown): Promise<QaPair> {
    const input = parseInput(qaPairInput, rawInput);
    const { count } = await this.deps.prisma.qaPair.updateMany({ where: ownedQaPairWhere(ownerId, id), data: input });
    if (count === 0) throw new NotFoundError(QA_PAIR_MESSAGES.notFound, 'QA_PAIR_NOT_FOUND');
    const updated = await this.deps.prisma.qaPair.findUniqueOrThrow({ where: { id } });
    await this.deps.changes?.botChanged(updated.botId);
    return updated;
  }

  async delete(ownerId: string, id: string): Promise<QaPair> {
    const pair = await this.deps.prisma.qaPair.findFirst({ where: ownedQaPairWhere(ownerId, id) });
    if (!pair) throw new NotFoundError(QA_PAIR_MESSAGES.notFound, 'QA_PAIR_NOT_FOUND');
    await this.deps.prisma.qaPair.deleteMany({ where: { id: pair.id } });
    await this.deps.changes?.botChanged(pair.botId);
    return pair;
  }
}
