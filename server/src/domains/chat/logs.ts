import { z } from 'zod';
import type { Channel, MessageRole, Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { csvDocument } from '../../platform/csv/index.ts';
import { parseInput } from '../../platform/validation.ts';
import { ownedBotsWhere } from '../bots/public.ts';
import { isFixed, type KnownAnswer } from './knownAnswers.ts';
import { ATTENTION_ORDERS, groupAttention, type AttentionGroup, type AttentionItem } from './attention.ts';

export const DATE_RANGES = ['all', 'today', 'yesterday', 'last_week', 'last_month'] as const;
export type DateRange = (typeof DATE_RANGES)[number];
const CHAT_LOG_PAGE_SIZE = 50;
const CHAT_LOG_EXPORT_LIMIT = 50_000;
/** The newest exchanges that needs attention reads and groups. */
const NEEDS_ATTENTION_LIMIT = 5_000;

const DAY_MS = 86_400_000;

// Numbers and flags may come as query-string text: the filter reads both.
const chatLogFilter = z.object({
  botId: z.string().trim().max(100).optional(),
  search: z.string().trim().max(200).optional(),
  dateRange: z.enum(DATE_RANGES, { error: `date_range must be one of: ${DATE_RANGES.join(', ')}` }).default('all'),
  channel: z.enum(['widget', 'test', 'demo', 'whatsapp'], { error: 'channel must be one of: widget, test, demo, whatsapp' }).optional(),
  unanswered: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((flag) => flag === 'true')], { error: 'unanswered must be true or false' })
    .optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, { error: 'page must be 1 or more' }).default(1),
  pageSize: z.coerce
    .number({ error: 'page_size must be a number' })
    .int()
    .min(1, { error: 'page_size must be between 1 and 200' })
    .max(200, { error: 'page_size must be between 1 and 200' })
    .default(CHAT_LOG_PAGE_SIZE),
});

export type ChatLogFilter = z.output<typeof chatLogFilter>;

const attentionOrder = z
  .preprocess(
    (order) => (typeof order === 'string' ? order.trim().toUpperCase() : order),
    z.enum(ATTENTION_ORDERS, { error: 'order must be most_frequent or newest' }),
  )
  .optional();

/** The time window of a date filter, in UTC days, relative to now. */
function dateRangeBounds(range: DateRange, now: Date): { from?: Date; to?: Date } {
  const startOfToday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  switch (range) {
    case 'today':
      return { from: startOfToday };
    case 'yesterday':
      return { from: new Date(startOfToday.getTime() - DAY_MS), to: startOfToday };
    case 'last_week':
      return { from: new Date(now.getTime() - 7 * DAY_MS) };
    case 'last_month':
      return { from: new Date(now.getTime() - 30 * DAY_MS) };
    default:
      return {};
  }
}

export interface ChatLogRow {
  id: string;
  botId: string;
  botName: string;
  userName: string | null;
  userEmail: string | null;
  channel: Channel;
  phoneNumber: string | null;
  message: string;
  response: string;
  timestamp: Date;
  unanswered: boolean;
  latencyMs: number | null;
  answeredBy: Answerer;
  /** The person who answered; null for the bot's answers. */
  personName: string | null;
}

/** Who answered an exchange: the bot, or a person of the owner's from the inbox. */
export type Answerer = 'bot' | 'person';

/** The messages a chat log lists: the bot's answers and the replies a person of the owner's sent from the inbox. */
const ANSWER_ROLES = ['assistant', 'agent'] as const satisfies readonly MessageRole[];

/** Who wrote an answer, from its role and author (an agent message's author is the person). */
export function answererOf(answer: { role: MessageRole; author: { fullName: string } | null }) {
  return answer.role === 'agent'
    ? { answeredBy: 'person' as const, personName: answer.author?.fullName ?? null }
    : { answeredBy: 'bot' as const, personName: null };
}

const logInclude = {
  replyTo: { select: { content: true } },
  author: { select: { fullName: true } },
  session: {
    select: { channel: true, visitorName: true, visitorEmail: true, phoneNumber: true, bot: { select: { id: true, name: true } } },
  },
} satisfies Prisma.ChatMessageInclude;

type LogMessage = Prisma.ChatMessageGetPayload<{ include: typeof logInclude }>;

const attentionInclude = {
  replyTo: { select: { content: true } },
  session: { select: { channel: true, bot: { select: { id: true, name: true, languageCode: true } } } },
} satisfies Prisma.ChatMessageInclude;

/** What needs the owner: an answer the bot could not ground in its knowledge, or one rated down (a person's reply is neither). */
const needsAttentionWhere = {
  role: 'assistant',
  OR: [{ unanswered: true }, { rating: 'down' }],
} satisfies Prisma.ChatMessageWhereInput;

function toRow(message: LogMessage): ChatLogRow {
  return {
    id: message.id,
    botId: message.session.bot.id,
    botName: message.session.bot.name,
    userName: message.session.visitorName,
    userEmail: message.session.visitorEmail,
    channel: message.session.channel,
    phoneNumber: message.session.phoneNumber,
    message: message.replyTo?.content ?? '',
    response: message.content,
    timestamp: message.createdAt,
    unanswered: message.unanswered,
    latencyMs: message.latencyMs,
    ...answererOf(message),
  };
}
/**
 * One answer in a conversation of one of the viewer's bots, by id: what a chat log is, the bot's or a
 * person's. A filter for one row (node lookups) and for an update of it (ratings, which narrow it
 * to the bot's answers: a person's reply is not rated).
 */
export function ownedChatLogWhere(viewerId: string | null, answerId: string) {
  return {
    id: answerId,
    role: { in: [...ANSWER_ROLES] },
    session: { bot: ownedBotsWhere(viewerId) },
  } as const satisfies Prisma.ChatMessageWhereUniqueInput;
}

/** Every answered exchange of the owner's bots, newest first: one row per answer (the bot's or a person's) with its question. */
export class ChatLogs {
  constructor(
    private readonly deps: {
      prisma: PrismaClient;
      clock: Clock;
      /** A bot's Q&A pairs: an exchange answered by one written after it is fixed, and leaves Needs attention. */
      knownAnswersOf?: (botId: string) => Promise<readonly KnownAnswer[]>;
    },
  ) {}

  /** The filter as a where clause, for a connection that pages by itself (GraphQL). */
  where(ownerId: string, rawFilter: unknown): Prisma.ChatMessageWhereInput {
    return this.whereFor(ownerId, parseInput(chatLogFilter, rawFilter ?? {}));
  }

  private whereFor(ownerId: string, filter: ChatLogFilter): Prisma.ChatMessageWhereInput {
    const { from, to } = dateRangeBounds(filter.dateRange, this.deps.clock.now());
    const conditions: Prisma.ChatMessageWhereInput[] = [
      {
        role: { in: [...ANSWER_ROLES] },
        session: { bot: ownedBotsWhere(ownerId), ...(filter.channel ? { channel: filter.channel } : {}) },
      },
    ];
    if (filter.botId) conditions.push({ session: { botId: filter.botId } });
    if (from || to) conditions.push({ createdAt: { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) } });
    if (filter.unanswered !== undefined) conditions.push({ unanswered: filter.unanswered });
    if (filter.search) {
      const contains = { contains: filter.search, mode: 'insensitive' } as const;
      conditions.push({ OR: [{ content: contains }, { replyTo: { content: contains } }, { session: { bot: { name: contains } } }] });
    }
    return { AND: conditions };
  }

  async page(ownerId: string, rawFilter: unknown) {
    const filter = parseInput(chatLogFilter, rawFilter ?? {});
    const where = this.whereFor(ownerId, filter);
    const [total, messages] = await Promise.all([
      this.deps.prisma.chatMessage.count({ where }),
      this.deps.prisma.chatMessage.findMany({
        where,
        include: logInclude,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip: (filter.page - 1) * filter.pageSize,
        take: filter.pageSize,
      }),
    ]);
    return { logs: messages.map(toRow), total, page: filter.page, pageSize: filter.pageSize };
  }

  /** Needs attention: the newest 5,000 exchanges that need the owner, the same question grouped (see attention.ts). */
  async needsAttention(ownerId: string, rawFilter: unknown, rawOrder?: unknown): Promise<AttentionGroup[]> {
    const filter = parseInput(chatLogFilter, rawFilter ?? {});
    const order = parseInput(attentionOrder, rawOrder);
    const answers = await this.deps.prisma.chatMessage.findMany({
      where: { AND: [this.whereFor(ownerId, filter), needsAttentionWhere] },
      include: attentionInclude,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: NEEDS_ATTENTION_LIMIT,
    });
    const items = answers.map((answer) => ({
      answerId: answer.id,
      botId: answer.session.bot.id,
      botName: answer.session.bot.name,
      botLanguageCode: answer.session.bot.languageCode,
      channel: answer.session.channel,
      question: answer.replyTo?.content ?? '',
      answer: answer.content,
      askedAt: answer.createdAt,
      unanswered: answer.unanswered,
      ratedDown: answer.rating === 'down',
      ratingComment: answer.ratingComment,
    }));
    return groupAttention(await this.withoutFixed(items), order);
  }

  /** The items no Q&A pair written since answers (see isFixed). */
  private async withoutFixed(items: readonly AttentionItem[]): Promise<AttentionItem[]> {
    const { knownAnswersOf } = this.deps;
    if (!knownAnswersOf || items.length === 0) return [...items];
    const botIds = [...new Set(items.map((item) => item.botId))];
    const known = new Map(await Promise.all(botIds.map(async (botId) => [botId, await knownAnswersOf(botId)] as const)));
    return items.filter((item) => !isFixed(item, item.botLanguageCode, known.get(item.botId) ?? []));
  }

  async exportRows(ownerId: string, rawFilter: unknown): Promise<ChatLogRow[]> {
    const filter = parseInput(chatLogFilter, rawFilter ?? {});
    const messages = await this.deps.prisma.chatMessage.findMany({
      where: this.whereFor(ownerId, filter),
      include: logInclude,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: CHAT_LOG_EXPORT_LIMIT,
    });
    return messages.map(toRow);
  }
}

const CSV_COLUMNS = [
  'timestamp',
  'bot',
  'channel',
  'user_name',
  'user_email',
  'phone_number',
  'message',
  'response',
  'unanswered',
  'answered_by',
] as const;

export function chatLogsCsv(rows: ChatLogRow[]): string {
  return csvDocument(
    CSV_COLUMNS,
    rows.map((row) => [
      row.timestamp.toISOString(),
      row.botName,
      row.channel,
      row.userName ?? '',
      row.userEmail ?? '',
      row.phoneNumber ?? '',
      row.message,
      row.response,
      row.unanswered ? 'yes' : 'no',
      answeredByCell(row),
    ]),
  );
}

/** `bot`, or `person: ` and the person's name (`person` alone when their account is gone). */
function answeredByCell(row: ChatLogRow): string {
  if (row.answeredBy === 'bot') return 'bot';
  return row.personName ? `person: ${row.personName}` : 'person';
}

export function chatLogJson(row: ChatLogRow) {
  return {
    id: row.id,
    botId: row.botId,
    botName: row.botName,
    userName: row.userName,
    userEmail: row.userEmail,
    channel: row.channel,
    phoneNumber: row.phoneNumber,
    message: row.message,
    response: row.response,
    timestamp: row.timestamp.toISOString(),
    unanswered: row.unanswered,
    answered_by: row.answeredBy,
    person_name: row.personName,
  };
}
