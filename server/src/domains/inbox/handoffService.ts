import type { Logger } from 'pino';
import {
  Prisma,
  type Bot,
  type Channel,
  type ChatMessage,
  type ConversationStatus,
  type PrismaClient,
} from '../../generated/prisma/client.ts';
import { ConflictError, notFoundError } from '../../errors.ts';
import type { Clock } from '../../platform/clock/index.ts';
import type { DataChanges } from '../../platform/dataChanges.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import type { JobQueue } from '../../platform/queue/index.ts';
import type { PubSub } from '../../platform/pubsub/index.ts';
import { parseInput } from '../../platform/validation.ts';
import { ownedBotsWhere } from '../bots/public.ts';
import { announceConversationChanges } from './events.ts';
import { emailIn, HANDOFF_MESSAGES, handoffInput, handoffPhrases, isOpenAt, storedOpeningHours, type HandoffSettings } from './handoff.ts';
import { waitingVisitorEmail } from './mail.ts';

const TICK_QUEUE = 'inbox.handoffTick';
/** How often waiting visitors are checked for a wait gone over its time: the bot asks them at most this late. */
export const HANDOFF_TICK_MS = 20_000;
/** The most waits one tick settles; the rest wait for the next tick. */
const CLAIM_BATCH = 200;

/** The bot's side of a handoff, as stored. */
type HandoffBot = Pick<
  Bot,
  'id' | 'ownerId' | 'name' | 'languageCode' | 'handoffEnabled' | 'handoffWaitMinutes' | 'timeZone' | 'openingHours'
>;
const HANDOFF_BOT_SELECT = {
  id: true,
  ownerId: true,
  name: true,
  languageCode: true,
  handoffEnabled: true,
  handoffWaitMinutes: true,
  timeZone: true,
  openingHours: true,
} as const satisfies Prisma.BotSelect;

/** What a visitor's message or request left: the conversation's status, and the bot's line if it said one. */
export interface HandoffOutcome {
  status: ConversationStatus;
  /** What the bot said (a person was asked for, where to reply, thanks for the address); null when it kept silent. */
  line: ChatMessage | null;
  /** The visitor's message as stored; null for the button, which says nothing. */
  question: ChatMessage | null;
}

/** The lead a waiting visitor's address makes (see LeadCapture.recordGivenEmail). */
export interface GivenEmail {
  botId: string;
  ownerId: string;
  sessionId: string;
  channel: Channel;
  email: string;
  question: string;
}

interface HandoffDependencies {
  prisma: PrismaClient;
  clock: Clock;
  logger: Logger;
  queue: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  pubsub?: PubSub | undefined;
  changes?: DataChanges | undefined;
  /** Keeps a waiting visitor's address as a lead, and writes it where the bot's data tool writes leads. */
  recordLead?: (lead: GivenEmail) => Promise<void>;
}

export const handoffSettings = (
  bot: Pick<Bot, 'handoffEnabled' | 'handoffWaitMinutes' | 'timeZone' | 'openingHours'>,
): HandoffSettings => ({
  enabled: bot.handoffEnabled,
  waitMinutes: bot.handoffWaitMinutes,
  timeZone: bot.timeZone,
  openingHours: storedOpeningHours(bot.openingHours),
});

/**
 * A visitor asking for a person, with the "Talk to a person" button or in words: the conversation
 * waits for the owner (WAITING), who is told in the inbox and, if they asked for it, by email. A
 * person the opening hours do not promise, or one who does not come within the bot's wait time,
 * makes the bot ask for an email address, kept as a lead, to which the person's replies are then
 * emailed too. A tick settles the waits gone over their time, in whichever process runs jobs.
 */
export class HandoffService {
  constructor(private readonly deps: HandoffDependencies) {
    deps.queue.register(TICK_QUEUE, () => this.settleLongWaits().then(() => undefined), { attempts: 1 });
  }

  /** Asks the job queue for a tick every `everyMs` (idempotent across processes). */
  startTicking(everyMs = HANDOFF_TICK_MS): Promise<void> {
    return this.deps.queue.repeat(TICK_QUEUE, everyMs);
  }

  /** Sets whether and when visitors of one of the owner's bots may ask for a person (the caller reads the bot as it needs it). */
  async set(ownerId: string, botId: string, rawInput: unknown): Promise<void> {
    const input = parseInput(handoffInput, rawInput);
    const { count } = await this.deps.prisma.bot.updateMany({
      where: { id: botId, ...ownedBotsWhere(ownerId) },
      data: {
        ...(input.enabled !== undefined ? { handoffEnabled: input.enabled } : {}),
        ...(input.waitMinutes !== undefined ? { handoffWaitMinutes: input.waitMinutes } : {}),
        ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}),
        ...(input.openingHours !== undefined ? { openingHours: input.openingHours as unknown as Prisma.InputJsonValue } : {}),
      },
    });
    if (count === 0) throw notFoundError('Bot');
    // The widget's settings and the answers kept for the bot's conversations know whether a person may be asked for.
    await this.deps.changes?.botChanged(botId);
  }

  /** Whether a person can be asked for now: the setting is on and the opening hours (if any) hold now. */
  async personAvailable(botId: string): Promise<{ enabled: boolean; open: boolean }> {
    const bot = await this.deps.prisma.bot.findUnique({ where: { id: botId }, select: HANDOFF_BOT_SELECT });
    if (!bot) return { enabled: false, open: false };
    return { enabled: bot.handoffEnabled, open: isOpenAt(storedOpeningHours(bot.openingHours), bot.timeZone, this.deps.clock.now()) };
  }

  /**
   * The visitor asks for a person (`visitorText` is their message, or null for the button). The bot
   * answers the conversation now: it waits for a person, and the bot says so, or asks where to reply
   * when the team is away. A conversation waiting or with a person already only keeps the message.
   */
  async askForPerson(botId: string, conversationId: string, visitorText: string | null): Promise<HandoffOutcome> {
    const bot = await this.deps.prisma.bot.findUnique({ where: { id: botId }, select: HANDOFF_BOT_SELECT });
    if (!bot?.handoffEnabled) throw new ConflictError(HANDOFF_MESSAGES.unavailable, 'HANDOFF_UNAVAILABLE');
    const now = this.deps.clock.now();
    const open = isOpenAt(storedOpeningHours(bot.openingHours), bot.timeZone, now);
    const phrases = handoffPhrases(bot.languageCode);
    const outcome = await this.deps.prisma.$transaction(async (tx) => {
      const locked = await this.lock(tx, conversationId);
      const question = visitorText === null ? null : await this.storeVisitorMessage(tx, conversationId, visitorText);
      if (locked.status === 'waiting' || locked.status === 'human') return { status: locked.status, line: null, question, asked: false };
      // WhatsApp's number is where replies go anyway: no address is asked for there.
      const knownEmail = locked.channel === 'widget' ? (locked.replyEmail ?? locked.visitorEmail) : null;
      const asksEmail = !open && locked.channel === 'widget';
      const text = !asksEmail ? phrases.asked : knownEmail ? phrases.replyByEmail(knownEmail) : phrases.closed;
      const line = await this.storeBotLine(tx, conversationId, text, question?.id ?? null);
      await tx.chatSession.update({
        where: { id: conversationId },
        data: {
          status: 'waiting',
          statusChangedAt: now,
          lastMessageAt: now,
          ...(asksEmail ? { emailAskedAt: now, ...(knownEmail ? { replyEmail: knownEmail } : {}) } : {}),
        },
      });
      return { status: 'waiting' as const, line, question, asked: true, visitorName: locked.visitorName ?? locked.phoneNumber };
    });
    await this.changed(bot, conversationId, [outcome.question, outcome.line]);
    if (outcome.asked) await this.tellOwner(bot, conversationId, outcome.visitorName ?? null, visitorText);
    return { status: outcome.status, line: outcome.line, question: outcome.question };
  }

  /**
   * A visitor's message while a person is waited for or has the conversation: kept for the person
   * (the bot says nothing), except an email address given after the bot asked for one, which the
   * bot thanks for and keeps as a lead.
   */
  async holdForPerson(botId: string, conversationId: string, visitorText: string): Promise<HandoffOutcome> {
    const bot = await this.deps.prisma.bot.findUnique({ where: { id: botId }, select: HANDOFF_BOT_SELECT });
    if (!bot) throw notFoundError('Bot');
    const now = this.deps.clock.now();
    const outcome = await this.deps.prisma.$transaction(async (tx) => {
      const locked = await this.lock(tx, conversationId);
      const question = await this.storeVisitorMessage(tx, conversationId, visitorText);
      const email = locked.emailAskedAt && !locked.replyEmail ? emailIn(visitorText) : null;
      const line = email
        ? await this.storeBotLine(tx, conversationId, handoffPhrases(bot.languageCode).replyByEmail(email), question.id)
        : null;
      await tx.chatSession.update({
        where: { id: conversationId },
        data: { lastMessageAt: now, ...(email ? { replyEmail: email } : {}) },
      });
      return { status: locked.status, line, question, email, channel: locked.channel };
    });
    await this.changed(bot, conversationId, [outcome.question, outcome.line]);
    if (outcome.email && bot.ownerId) {
      await this.keepLead({
        botId: bot.id,
        ownerId: bot.ownerId,
        sessionId: conversationId,
        channel: outcome.channel,
        email: outcome.email,
        question: visitorText,
      });
    }
    return { status: outcome.status, line: outcome.line, question: outcome.question };
  }

  /**
   * One tick: the widget visitors who have waited longer than their bot's wait time are asked where
   * to reply (or told replies will go to the address they gave); a suspended owner's bot answers
   * nobody, so its visitors wait unasked. Claimed in one UPDATE, so replicas ticking together ask
   * each once. Resolves with how many were asked.
   */
  async settleLongWaits(): Promise<number> {
    const now = this.deps.clock.now();
    const claimed = await this.deps.prisma.$queryRaw<
      { id: string; botId: string; visitorEmail: string | null; replyEmail: string | null }[]
    >(Prisma.sql`
      UPDATE "chat_sessions" SET "emailAskedAt" = ${now}::timestamp
      WHERE "id" IN (
        SELECT s."id" FROM "chat_sessions" s JOIN "bots" b ON b."id" = s."botId"
          LEFT JOIN "users" u ON u."id" = b."ownerId"
        WHERE s."status" = 'waiting' AND s."channel" = 'widget' AND s."emailAskedAt" IS NULL
          AND u."status" IS DISTINCT FROM 'suspended'
          AND s."statusChangedAt" <= ${now}::timestamp - make_interval(mins => b."handoffWaitMinutes")
        ORDER BY s."statusChangedAt" LIMIT ${CLAIM_BATCH} FOR UPDATE OF s SKIP LOCKED
      ) AND "status" = 'waiting' AND "emailAskedAt" IS NULL
      RETURNING "id", "botId", "visitorEmail", "replyEmail"`);
    for (const wait of claimed) {
      try {
        await this.askWhereToReply(wait, now);
      } catch (error) {
        this.deps.logger.error({ err: error, conversationId: wait.id }, 'could not ask a waiting visitor where to reply');
      }
    }
    return claimed.length;
  }

  private async askWhereToReply(wait: { id: string; botId: string; visitorEmail: string | null; replyEmail: string | null }, now: Date) {
    const bot = await this.deps.prisma.bot.findUnique({ where: { id: wait.botId }, select: HANDOFF_BOT_SELECT });
    if (!bot) return;
    const phrases = handoffPhrases(bot.languageCode);
    const knownEmail = wait.replyEmail ?? wait.visitorEmail;
    const line = await this.deps.prisma.$transaction(async (tx) => {
      const stored = await this.storeBotLine(tx, wait.id, knownEmail ? phrases.replyByEmail(knownEmail) : phrases.nobodyFree, null);
      await tx.chatSession.update({
        where: { id: wait.id },
        data: { lastMessageAt: now, ...(knownEmail ? { replyEmail: knownEmail } : {}) },
      });
      return stored;
    });
    await this.changed(bot, wait.id, [line]);
  }

  private async lock(tx: Prisma.TransactionClient, conversationId: string) {
    const [locked] = await tx.$queryRaw<
      {
        status: ConversationStatus;
        channel: Channel;
        visitorEmail: string | null;
        visitorName: string | null;
        phoneNumber: string | null;
        replyEmail: string | null;
        emailAskedAt: Date | null;
      }[]
    >`SELECT "status"::text AS "status", "channel"::text AS "channel", "visitorEmail", "visitorName", "phoneNumber", "replyEmail", "emailAskedAt"
      FROM "chat_sessions" WHERE "id" = ${conversationId} FOR UPDATE`;
    if (!locked) throw notFoundError('ChatSession');
    return locked;
  }

  private storeVisitorMessage(tx: Prisma.TransactionClient, sessionId: string, content: string): Promise<ChatMessage> {
    // The database's clock, as every message's (see AnswerCore.respond); what the owner has read is compared with it.
    return tx.chatMessage.create({ data: { sessionId, role: 'user', content, createdAt: new Date() } });
  }

  private storeBotLine(tx: Prisma.TransactionClient, sessionId: string, content: string, replyToId: string | null): Promise<ChatMessage> {
    // After the visitor's message it answers, always.
    return tx.chatMessage.create({ data: { sessionId, role: 'assistant', content, replyToId, createdAt: new Date(Date.now() + 1) } });
  }

  /** The owner's screens and the conversation's watchers (the widget's stream) hear of it; the kept answer contexts go. */
  private async changed(bot: HandoffBot, conversationId: string, messages: readonly (ChatMessage | null)[]): Promise<void> {
    if (!bot.ownerId) return;
    await this.deps.changes?.customersChanged([bot.ownerId]);
    const messageIds = messages.flatMap((message) => (message ? [message.id] : []));
    await announceConversationChanges(this.deps, [{ ownerId: bot.ownerId, conversationId, messageIds }]);
  }

  /** The owner hears of a waiting visitor by email when they asked for it in Settings › Notifications. */
  private async tellOwner(bot: HandoffBot, conversationId: string, visitor: string | null, message: string | null): Promise<void> {
    if (!bot.ownerId) return;
    const owner = await this.deps.prisma.user.findUnique({
      where: { id: bot.ownerId },
      select: { email: true, fullName: true, waitingVisitorEmails: true, status: true },
    });
    if (!owner?.waitingVisitorEmails || owner.status === 'suspended') return;
    const link = `${this.deps.publicUrl}/inbox?conversation=${encodeURIComponent(conversationId)}`;
    try {
      await this.deps.mailer.send({
        to: owner.email,
        ...waitingVisitorEmail({ ownerName: owner.fullName, botName: bot.name, visitor: visitor ?? 'A visitor', message, link }),
      });
    } catch (error) {
      // The inbox shows the wait whatever the mail does.
      this.deps.logger.warn({ err: error, conversationId }, 'could not email the owner of a waiting visitor');
    }
  }

  private async keepLead(lead: GivenEmail): Promise<void> {
    try {
      await this.deps.recordLead?.(lead);
    } catch (error) {
      // The address is kept on the conversation for the replies whatever the lead does.
      this.deps.logger.warn({ err: error, conversationId: lead.sessionId }, 'could not keep a waiting visitor’s address as a lead');
    }
  }
}
