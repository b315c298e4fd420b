import { z } from 'zod';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { searchFilter, type Page } from '../../platform/paging.ts';
import { parseInput } from '../../platform/validation.ts';
import { assertAdmin, type Viewer } from '../auth/public.ts';

export interface WhatsAppLogRow {
  id: string;
  timestamp: Date;
  phone: string;
  userName: string;
  userEmail: string;
  botName: string;
  message: string;
  response: string;
}

const trafficFilter = z.object({ search: searchFilter });

const inboundWhatsApp = { role: 'user', session: { channel: 'whatsapp' } } as const satisfies Prisma.ChatMessageWhereInput;

/** The WhatsApp channel's traffic across all customers, as the admin reads it: counters and the message log. */
export class WhatsAppTraffic {
  constructor(private readonly deps: { prisma: PrismaClient; clock: Clock }) {}

  async analytics(viewer: Viewer | null) {
    assertAdmin(viewer);
    const { prisma } = this.deps;
    const now = this.deps.clock.now();
    const startOfToday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const [whatsappMessages, numbers, messagesToday] = await Promise.all([
      prisma.chatMessage.count({ where: inboundWhatsApp }),
      prisma.chatSession.findMany({
        where: { channel: 'whatsapp', phoneNumber: { not: null } },
        distinct: ['phoneNumber'],
        select: { phoneNumber: true },
      }),
      prisma.chatMessage.count({ where: { ...inboundWhatsApp, createdAt: { gte: startOfToday } } }),
    ]);
    return { whatsappMessages, uniqueWhatsappNumbers: numbers.length, messagesToday };
  }

  async logs(viewer: Viewer | null, rawFilter: unknown, page: Page): Promise<{ rows: WhatsAppLogRow[]; total: number }> {
    assertAdmin(viewer);
    const { search } = parseInput(trafficFilter, rawFilter ?? {});
    const conditions: Prisma.ChatMessageWhereInput[] = [inboundWhatsApp];
    if (search) {
      const contains = { contains: search, mode: 'insensitive' } as const;
      conditions.push({
        OR: [
          { content: contains },
          { reply: { content: contains } },
          { session: { phoneNumber: contains } },
          { session: { bot: { name: contains } } },
          { session: { bot: { owner: { email: contains } } } },
        ],
      });
    }
    const where = { AND: conditions };
    const [total, rows] = await Promise.all([this.deps.prisma.chatMessage.count({ where }), this.rows(where, page)]);
    return { rows, total };
  }

  /** One logged WhatsApp message by id, or null (a Relay node lookup). */
  async log(viewer: Viewer | null, messageId: string): Promise<WhatsAppLogRow | null> {
    assertAdmin(viewer);
    return (await this.rows({ AND: [inboundWhatsApp, { id: messageId }] }, { offset: 0, limit: 1 }))[0] ?? null;
  }

  private async rows(where: Prisma.ChatMessageWhereInput, page: Page): Promise<WhatsAppLogRow[]> {
    const messages = await this.deps.prisma.chatMessage.findMany({
      where,
      include: {
        reply: { select: { content: true } },
        session: { select: { phoneNumber: true, bot: { select: { name: true, owner: { select: { fullName: true, email: true } } } } } },
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: page.offset,
      take: page.limit,
    });
    return messages.map((message) => ({
      id: message.id,
      timestamp: message.createdAt,
      phone: message.session.phoneNumber ?? '',
      userName: message.session.bot.owner?.fullName ?? '',
      userEmail: message.session.bot.owner?.email ?? '',
      botName: message.session.bot.name,
      message: message.content,
      response: message.reply?.content ?? '',
    }));
  }
}
