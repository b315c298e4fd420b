import type { Bot, Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { NotFoundError, notFoundError } from '../../errors.ts';
import { NO_VIEWER } from '../auth/public.ts';

type Db = PrismaClient | Prisma.TransactionClient;

export const BOT_NOT_FOUND = notFoundError('Bot').message;

/** The viewer's bots: the one owner filter every lookup of a customer's bot (or of what it holds) goes through. */
export function ownedBotsWhere(viewerId: string | null): { ownerId: string } {
  return { ownerId: viewerId ?? NO_VIEWER };
}

/** One of the viewer's bots, by id. */
export function ownedBotWhere(viewerId: string | null, botId: string): Prisma.BotWhereUniqueInput {
  return { id: botId, ...ownedBotsWhere(viewerId) };
}

/**
 * The one way to reach a customer's bot: scoped by owner, so another customer's bot (or a demo
 * bot) is indistinguishable from a missing one (404, never 403).
 */
export async function findOwnedBot(prisma: Db, ownerId: string, botId: string, notFoundMessage = BOT_NOT_FOUND): Promise<Bot> {
  const bot = await prisma.bot.findUnique({ where: ownedBotWhere(ownerId, botId) });
  if (!bot) throw new NotFoundError(notFoundMessage, notFoundError('Bot').code);
  return bot;
}
