import type { Logger } from 'pino';
import { z } from 'zod';
import type { ChatMessage, ChatSession, ConversationStatus, Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import type { Clock } from '../../platform/clock/index.ts';
import type { DataChanges } from '../../platform/dataChanges.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import type { PubSub } from '../../platform/pubsub/index.ts';
import { type pageFromQuery, searchFilter } from '../../platform/paging.ts';
import { parseInput } from '../../platform/validation.ts';
import { ownedBotsWhere } from '../bots/public.ts';
import { personReplyEmail } from './mail.ts';
import { announceConversationChanges, conversationTopic, inboxTopic, type ConversationChange } from './events.ts';
import { CONVERSATION_STATUSES, INBOX_CHANNELS, INBOX_MESSAGES, MAX_REPLY_LENGTH, transition, type ConversationAction } from './rules.ts';

const replyInput = z.object({
  text: z
    .string({ error: INBOX_MESSAGES.replyRequired })
    .trim()
    .min(1, { error: INBOX_MESSAGES.replyRequired })
    .max(MAX_REPLY_LENGTH, { error: INBOX_MESSAGES.replyTooLong }),
});

const conversationFilter = z.object({
  botId: z.string().trim().max(100).optional(),
  channel: z.enum(INBOX_CHANNELS, { error: `channel must be one of: ${INBOX_CHANNELS.join(', ')}` }).optional(),
  status: z.enum(CONVERSATION_STATUSES, { error: `status must be one of: ${CONVERSATION_STATUSES.join(', ')}` }).optional(),
  search: searchFilter,
});

export type ConversationFilter = z.input<typeof conversationFilter>;

/** The newest messages a transcript shows at once. */
const TRANSCRIPT_LENGTH = 200;

/** The viewer's inbox conversations: their bots' on the inbox's channels. */
export function ownedConversationsWhere(viewerId: string | null) {
  return { channel: { in: [...INBOX_CHANNELS] }, bot: ownedBotsWhere(viewerId) } as const satisfies Prisma.ChatSessionWhereInput;
}

/** One of the viewer's inbox conversations, by id: another customer's is as missing as a made-up one. */
export function ownedConversationWhere(viewerId: string | null, id: string) {
  return { id, ...ownedConversationsWhere(viewerId) } as const satisfies Prisma.ChatSessionWhereInput;
}

/** A person's reply as stored, with their name. */
export type SentReply = ChatMessage & { author: { fullName: string } | null };

const REFUSAL_CODES = { closed: 'CONVERSATION_CLOSED', notHuman: 'CONVERSATION_WITH_BOT' } as const;

/**
 * The owner's inbox: the conversations of their bots on the widget and WhatsApp, who answers each
 * (the bot, or a person of theirs), and their replies. Each change reaches the owner's open screens
 * and the conversation's own subscribers on every replica, and drops what replicas keep of the
 * conversation for answers (its status decides whether the bot answers).
 */
export class InboxService {
  constructor(
    private readonly deps: {
      prisma: PrismaClient;
      clock: Clock;
      logger: Logger;
      pubsub?: PubSub | undefined;
      changes?: DataChanges | undefined;
      /** Emails a person's reply to the address a waiting visitor left for it. */
      mailer?: Mailer;
      /** Sends a person's reply to a WhatsApp conversation's number (see WhatsAppService.sendPersonReply). */
      sendToWhatsApp?: (reply: { phoneNumber: string; text: string; messageId: string }) => Promise<void>;
    },
  ) {}

  /** The viewer's conversations matching the filter (the caller orders and pages them). */
  conversationsWhere(ownerId: string, rawFilter: ConversationFilter): Prisma.ChatSessionWhereInput {
    const filter = parseInput(conversationFilter, rawFilter);
    const search = filter.search ? { contains: filter.search, mode: 'insensitive' as const } : undefined;
    return {
      bot: ownedBotsWhere(ownerId),
      channel: filter.channel ?? { in: [...INBOX_CHANNELS] },
      ...(filter.botId ? { botId: filter.botId } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      ...(search
        ? {
            OR: [{ visitorName: search }, { visitorEmail: search }, { phoneNumber: search }, { messages: { some: { content: search } } }],
          }
        : {}),
    };
  }

  /** A page of the viewer's conversations, the most recently active first, with how many there are in all. */
  async page(ownerId: string, filter: ConversationFilter, { page, pageSize, limit, offset }: ReturnType<typeof pageFromQuery>) {
    const where = this.conversationsWhere(ownerId, filter);
    const [total, conversations] = await Promise.all([
      this.deps.prisma.chatSession.count({ where }),
      this.deps.prisma.chatSession.findMany({
        where,
        orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }],
        skip: offset,
        take: limit,
        include: { bot: { select: { name: true } } },
      }),
    ]);
    const unread = await this.unreadCounts(conversations.map((conversation) => conversation.id));
    return {
      conversations: conversations.map((conversation, index) => ({ ...conversation, unreadCount: unread[index]! })),
      total,
      page,
      pageSize,
    };
  }

  /** One of the viewer's conversations with its newest messages (oldest first), each with who wrote it. */
  async transcript(ownerId: string, id: string) {
    const [conversation, newest] = await Promise.all([
      this.conversation(ownerId, id),
      this.deps.prisma.chatMessage.findMany({
        where: { sessionId: id, session: ownedConversationsWhere(ownerId) },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: TRANSCRIPT_LENGTH,
        include: { author: { select: { fullName: true } } },
      }),
    ]);
    return { conversation, messages: newest.reverse() };
  }

  /** One of the viewer's conversations as the list shows it: with its bot's name and its unread count. */
  async conversation(ownerId: string, id: string) {
    const [conversation, [unreadCount]] = await Promise.all([
      this.deps.prisma.chatSession.findFirst({ where: ownedConversationWhere(ownerId, id), include: { bot: { select: { name: true } } } }),
      this.unreadCounts([id]),
    ]);
    if (!conversation) throw new NotFoundError(INBOX_MESSAGES.notFound, 'CONVERSATION_NOT_FOUND');
    return { ...conversation, unreadCount: unreadCount! };
  }

  /** How many of the viewer's conversations wait for a person now. */
  waitingCount(ownerId: string): Promise<number> {
    return this.deps.prisma.chatSession.count({ where: { ...ownedConversationsWhere(ownerId), status: 'waiting' } });
  }

  /** How many of the visitor's messages each conversation has that its owner has not read, by conversation id. */
  async unreadCounts(conversationIds: readonly string[]): Promise<number[]> {
    const rows = await this.deps.prisma.$queryRaw<{ id: string; unread: number }[]>`
      SELECT s."id", COUNT(m."id")::int AS "unread"
      FROM "chat_sessions" s
      JOIN "chat_messages" m ON m."sessionId" = s."id" AND m."role" = 'user' AND (s."ownerReadAt" IS NULL OR m."createdAt" > s."ownerReadAt")
      WHERE s."id" = ANY(${[...conversationIds]}::text[])
      GROUP BY s."id"`;
    const unread = new Map(rows.map((row) => [row.id, row.unread]));
    return conversationIds.map((id) => unread.get(id) ?? 0);
  }

  /** A person of the owner's answers from now on; the bot stays silent. A closed conversation opens again. */
  takeOver(ownerId: string, id: string): Promise<ChatSession> {
    return this.act(ownerId, id, 'takeOver').then(({ conversation }) => conversation);
  }

  /** The bot answers again. */
  release(ownerId: string, id: string): Promise<ChatSession> {
    return this.act(ownerId, id, 'release').then(({ conversation }) => conversation);
  }

  /** Nobody answers any more, until the visitor writes again (the bot then answers) or the owner takes it over. */
  close(ownerId: string, id: string): Promise<ChatSession> {
    return this.act(ownerId, id, 'close').then(({ conversation }) => conversation);
  }

  /**
   * A person's reply, sent to the visitor (the widget reads it; a WhatsApp number is sent it); it
   * takes the conversation over (the bot stays silent). It costs no credits.
   */
  async reply(ownerId: string, id: string, rawText: unknown): Promise<{ conversation: ChatSession; message: SentReply }> {
    // Parsed as the reply's field, so a refusal names `text`.
    const { text } = parseInput(replyInput, { text: rawText });
    const { conversation, message } = await this.act(ownerId, id, 'reply', text);
    if (conversation.channel === 'whatsapp' && conversation.phoneNumber) {
      await this.deps.sendToWhatsApp?.({ phoneNumber: conversation.phoneNumber, text: message!.content, messageId: message!.id });
    }
    if (conversation.replyEmail) await this.emailReply(conversation.replyEmail, conversation.botId, message!);
    return { conversation, message: message! };
  }

  /** The visitor left an address while waiting: the reply goes there too, since they may have left the page. */
  private async emailReply(to: string, botId: string, reply: SentReply): Promise<void> {
    const bot = await this.deps.prisma.bot.findUnique({ where: { id: botId }, select: { displayName: true, name: true } });
    try {
      await this.deps.mailer?.send({
        to,
        ...personReplyEmail({
          botName: bot?.displayName || bot?.name || '',
          authorName: reply.author?.fullName ?? '',
          reply: reply.content,
        }),
      });
    } catch (error) {
      // The reply is in the conversation whatever the mail does; the owner sees it sent.
      this.deps.logger.warn({ err: error, conversationId: reply.sessionId }, 'could not email a reply to the visitor');
    }
  }

  /** The owner has read the conversation up to now: its unread count goes to 0. */
  async markRead(ownerId: string, id: string): Promise<ChatSession> {
    const { count } = await this.deps.prisma.chatSession.updateMany({
      where: ownedConversationWhere(ownerId, id),
      // Compared with the messages' times, which are the database's clock, not the platform's (see AnswerCore.respond).
      data: { ownerReadAt: new Date() },
    });
    if (count === 0) throw new NotFoundError(INBOX_MESSAGES.notFound, 'CONVERSATION_NOT_FOUND');
    const conversation = await this.deps.prisma.chatSession.findUniqueOrThrow({ where: { id } });
    await this.announce({ ownerId, conversationId: id, messageIds: [] });
    return conversation;
  }

  /** The owner's inbox changes: a new conversation or message, a status changed, a conversation read. */
  inboxChanges(ownerId: string, signal?: AbortSignal): AsyncIterable<ConversationChange> {
    return this.subscribe(inboxTopic(ownerId), signal);
  }

  /** One conversation's changes: its new messages and its status. */
  async conversationChanges(ownerId: string, conversationId: string, signal?: AbortSignal): Promise<AsyncIterable<ConversationChange>> {
    // Another customer's conversation is as missing as a made-up one: nothing is subscribed.
    const owned = await this.deps.prisma.chatSession.count({ where: ownedConversationWhere(ownerId, conversationId) });
    if (owned === 0) throw new NotFoundError(INBOX_MESSAGES.notFound, 'CONVERSATION_NOT_FOUND');
    return this.subscribe(conversationTopic(conversationId), signal);
  }

  private subscribe(topic: string, signal?: AbortSignal): AsyncIterable<ConversationChange> {
    if (!this.deps.pubsub) throw new Error('the inbox was built without a pubsub, so it has no live changes');
    return this.deps.pubsub.subscribe(topic, signal) as AsyncIterable<ConversationChange>;
  }

  /**
   * An action on a conversation, with its row locked: two at once (two tabs, a visitor's message
   * reopening it) apply one after the other, each to the status the other left.
   */
  private async act(
    ownerId: string,
    id: string,
    action: ConversationAction,
    replyText?: string,
  ): Promise<{ conversation: ChatSession; message: SentReply | null }> {
    const now = this.deps.clock.now();
    // A message's time is the database's clock, as the chat's are; what the owner has read is compared with it.
    const sentAt = new Date();
    const outcome = await this.deps.prisma.$transaction(async (tx) => {
      const [locked] = await tx.$queryRaw<{ id: string; status: ConversationStatus }[]>`
        SELECT s."id", s."status"::text AS "status" FROM "chat_sessions" s JOIN "bots" b ON b."id" = s."botId"
        WHERE s."id" = ${id} AND b."ownerId" = ${ownerId} AND s."channel"::text = ANY(${[...INBOX_CHANNELS]}::text[])
        FOR UPDATE OF s`;
      if (!locked) throw new NotFoundError(INBOX_MESSAGES.notFound, 'CONVERSATION_NOT_FOUND');
      const next = transition(action, locked.status);
      if ('refused' in next) {
        const refusal = next.refused as keyof typeof REFUSAL_CODES;
        throw new ValidationError(INBOX_MESSAGES[refusal], [], REFUSAL_CODES[refusal]);
      }
      const message =
        replyText === undefined
          ? null
          : await tx.chatMessage.create({
              data: {
                sessionId: id,
                role: 'agent',
                content: replyText,
                authorId: ownerId,
                replyToId: await unansweredQuestionId(tx, id),
                createdAt: sentAt,
              },
              include: { author: { select: { fullName: true } } },
            });
      const conversation = await tx.chatSession.update({
        where: { id },
        data: {
          ...(next.to !== locked.status ? { status: next.to, statusChangedAt: now } : {}),
          ...(message ? { lastMessageAt: now, ownerReadAt: sentAt } : {}),
        },
      });
      return { conversation, message };
    });
    // The answers kept for the owner's conversations know their status: they go, on every replica.
    await this.deps.changes?.customersChanged([ownerId]);
    await this.announce({ ownerId, conversationId: id, messageIds: outcome.message ? [outcome.message.id] : [] });
    return outcome;
  }

  /** Tells the owner's inbox and the conversation's subscribers; a lost notice only delays a screen. */
  private async announce(change: ConversationChange): Promise<void> {
    await announceConversationChanges(this.deps, [change]);
  }
}

/**
 * The visitor's newest message when nothing answers it yet: what a person's reply answers (the chat
 * logs show the two as one exchange). Read with the conversation locked, so two replies never claim
 * it both; the bot writes a question with its answer, so it never claims one a person is answering.
 */
async function unansweredQuestionId(tx: Prisma.TransactionClient, sessionId: string): Promise<string | null> {
  const newest = await tx.chatMessage.findFirst({
    where: { sessionId, role: 'user' },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { id: true, reply: { select: { id: true } } },
  });
  return newest && !newest.reply ? newest.id : null;
}
