import type { Bot, Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { NotFoundError } from '../../errors.ts';

type Db = PrismaClient | Prisma.TransactionClient;

export const BOT_NOT_FOUND = 'Bot not found';

/**
 * The one way to reach a customer's bot: scoped by owner, so another customer's bot (or a demo
 * bot) is indistinguishable from a missing one (404, never 403).
 */
export async function findOwnedBot(prisma: Db, ownerId: string, botId: string, notFoundMessage = BOT_NOT_FOUND): Promise<Bot> {
  const bot = await prisma.bot.findFirst({ where: { id: botId, ownerId } });
  if (!bot) throw new NotFoundError(notFoundMessage, 'BOT_NOT_FOUND');
  return bot;
}
