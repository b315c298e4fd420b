import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Bot, Channel, ChatMessage, ChatSession, PrismaClient } from '../../generated/prisma/client.ts';
import { notFoundError, PaymentRequiredError, RateLimitError } from '../../errors.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { sameSecret, sha256Hex } from '../../platform/crypto/index.ts';
import type { RateLimiter } from '../../platform/ratelimit/index.ts';
import { enforceRateLimit, type RateLimitRule } from '../../rateLimits.ts';
import { parseInput } from '../../validation.ts';
import type { PlatformAi } from '../admin/platformAi.ts';
import type { BillingService } from '../billing/service.ts';
import { findOwnedBot } from '../bots/access.ts';
import type { RetrieveOptions, RetrievedChunk } from '../knowledge/retrieval.ts';
import { answerQuestion, type Answerer, type AnswerResult, type Turn } from './engine.ts';
import { CHAT_MESSAGES, chatErrors, MAX_MESSAGE_LENGTH } from './errors.ts';
import { BOT_PHRASES, botLanguage } from './language.ts';
import type { Citation } from './passages.ts';
import { questionLanguage } from './terms.ts';

const MEMORY_TURNS = 6;
const TEST_SESSION_REUSE_MS = 30 * 60_000;
const RETRIEVAL_TOP_K = 8;

/** Widget traffic limits: a person types far slower than these, a script does not. */
export const WIDGET_RATE_LIMITS = {
  perIp: { limit: 30, windowMs: 60_000 },
  perSession: { limit: 20, windowMs: 60_000 },
  perBot: { limit: 300, windowMs: 60_000 },
  sessionsPerIp: { limit: 20, windowMs: 60 * 60_000 },
} as const;

const messageText = z
  .string({ error: CHAT_MESSAGES.emptyMessage })
  .trim()
  .min(1, { error: CHAT_MESSAGES.emptyMessage })
  .max(MAX_MESSAGE_LENGTH, { error: CHAT_MESSAGES.tooLong });

const sessionToken = z.string({ error: 'session_token is required' }).trim().min(1, { error: 'session_token is required' }).max(200);

const widgetChatInput = z.object({ message: messageText, sessionToken });
const createSessionInput = z.object({
  botId: z.string({ error: 'bot_id is required' }).trim().min(1, { error: 'bot_id is required' }).max(100),
  name: z.string().trim().max(100).optional(),
  email: z.email({ error: 'Enter a valid email address' }).max(254).optional(),
});
const testChatInput = z.object({
  question: messageText,
  maxTokens: z.coerce.number({ error: 'max_tokens must be a number' }).int().min(1).max(8192).default(1000),
});

/** The spec's default widget title, for a bot without a display name. */
const DEFAULT_WIDGET_TITLE = 'AI Assistant';

export interface WidgetSettings {
  displayName: string;
  themeColor: string;
  logoUrl: string | null;
  iconUrl: string | null;
  chatPosition: string;
  isActive: boolean;
  languageCode: string;
  streaming: boolean;
}

export interface ChatReply {
  text: string;
  sources: Citation[];
  messageId: string;
}

export interface HistoryEntry {
  id: string;
  text: string;
  isUser: boolean;
  timestamp: string;
}

interface ChatDependencies {
  prisma: PrismaClient;
  clock: Clock;
  rateLimiter: RateLimiter;
  logger: Logger;
  billing: BillingService;
  platformAi: PlatformAi;
  retrieve: (botId: string, query: string, options: RetrieveOptions) => Promise<RetrievedChunk[]>;
  /** Told of every stored exchange (the data tool looks for leads); it must return quickly, and its failures never fail the answer. */
  afterExchange?: (exchange: Exchange) => Promise<void>;
}

/** A question and its answer, both stored, and who answered (the model's settings or the extractive rules). */
export interface Exchange {
  bot: Bot;
  session: ChatSession;
  question: ChatMessage;
  answer: ChatMessage;
  answerer: Answerer;
}

/** Answers questions to bots on every channel: test chat, the public widget and the demo. */
export class ChatService {
  constructor(private readonly deps: ChatDependencies) {}

  // ---------------------------------------------------------------- public widget

  /** What the widget shows before any chat: the bot's public face (no prompt, no token). */
  async publicSettings(botId: string): Promise<WidgetSettings> {
    const bot = await this.publicBot(botId);
    return {
      displayName: bot.displayName || DEFAULT_WIDGET_TITLE,
      themeColor: bot.themeColor,
      logoUrl: bot.logoUrl,
      iconUrl: bot.iconUrl,
      chatPosition: bot.chatPosition,
      isActive: bot.isActive,
      languageCode: bot.languageCode,
      streaming: bot.streaming,
    };
  }

  /** Opens a visitor's conversation with an active bot; resolves with its secret session token. */
  async createWidgetSession(rawInput: unknown, ip: string): Promise<string> {
    const input = parseInput(createSessionInput, rawInput);
    await this.limit(`widget:sessions:ip:${ip}`, WIDGET_RATE_LIMITS.sessionsPerIp);
    const bot = await this.activePublicBot(input.botId);
    const token = `ws_${randomBytes(24).toString('base64url')}`;
    await this.deps.prisma.chatSession.create({
      data: { botId: bot.id, channel: 'widget', tokenHash: sha256Hex(token), visitorName: input.name, visitorEmail: input.email },
    });
    return token;
  }

  async widgetHistory(botId: string, rawSessionToken: unknown): Promise<HistoryEntry[]> {
    const session = await this.widgetSession(botId, parseInput(sessionToken, rawSessionToken));
    const messages = await this.deps.prisma.chatMessage.findMany({
      where: { sessionId: session.id },
      orderBy: [{ createdAt: 'asc' }, { role: 'desc' }],
      take: 200,
    });
    return messages.map((message) => ({
      id: message.id,
      text: message.content,
      isUser: message.role === 'user',
      timestamp: message.createdAt.toISOString(),
    }));
  }

  async widgetChat(
    botId: string,
    widgetToken: unknown,
    rawBody: unknown,
    ip: string,
    onToken?: (token: string) => void,
  ): Promise<ChatReply> {
    const input = parseInput(widgetChatInput, rawBody);
    const bot = await this.activePublicBot(botId);
    if (typeof widgetToken !== 'string' || !sameSecret(widgetToken, bot.widgetToken)) {
      throw chatErrors.invalidWidgetToken();
    }
    const session = await this.widgetSession(bot.id, input.sessionToken);
    await this.limit(`widget:ip:${ip}`, WIDGET_RATE_LIMITS.perIp);
    await this.limit(`widget:session:${session.id}`, WIDGET_RATE_LIMITS.perSession);
    await this.limit(`widget:bot:${bot.id}`, WIDGET_RATE_LIMITS.perBot);
    try {
      return await this.respond(bot, session, input.message, { onToken });
    } catch (error) {
      // The owner's billing is not the visitor's problem: no credits left (or a free trial that ended
      // unpaid) answers politely, never with an error. Nothing was charged nor stored.
      if (!(error instanceof PaymentRequiredError)) throw error;
      this.deps.logger.info({ botId: bot.id, code: error.code }, 'widget answer not paid for; told the visitor the bot is unavailable');
      return this.unavailableReply(bot);
    }
  }

  // ---------------------------------------------------------------- test chat and demo

  async testChat(ownerId: string, botId: string, rawInput: unknown, onToken?: (token: string) => void): Promise<ChatReply> {
    const input = parseInput(testChatInput, rawInput);
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId, CHAT_MESSAGES.unsavedBot);
    const now = this.deps.clock.now();
    const recent = await this.deps.prisma.chatSession.findFirst({
      where: { botId: bot.id, channel: 'test', lastMessageAt: { gte: new Date(now.getTime() - TEST_SESSION_REUSE_MS) } },
      orderBy: { lastMessageAt: 'desc' },
    });
    const session = recent ?? (await this.deps.prisma.chatSession.create({ data: { botId: bot.id, channel: 'test' } }));
    return this.respond(bot, session, input.question, { maxTokens: input.maxTokens, onToken });
  }

  /** A question to a demo bot, in the demo session's own conversation; the demo is never charged. */
  async demoChat(bot: Bot, demoSessionId: string, rawQuery: unknown): Promise<ChatReply> {
    const question = parseInput(messageText, rawQuery);
    const tokenHash = sha256Hex(`demo:${demoSessionId}:${bot.id}`);
    const session =
      (await this.deps.prisma.chatSession.findUnique({ where: { tokenHash } })) ??
      (await this.deps.prisma.chatSession.create({ data: { botId: bot.id, channel: 'demo', tokenHash } }));
    return this.respond(bot, session, question, {});
  }

  // ---------------------------------------------------------------- WhatsApp

  /**
   * A message from a number linked to the bot, in that number's own conversation (memory per
   * number). Billing refusals answer the sender politely, like the widget's visitors.
   */
  async whatsappChat(bot: Bot, phoneNumber: string, text: string, senderName?: string): Promise<ChatReply> {
    if (!bot.isActive) return this.unavailableReply(bot);
    const question = parseInput(messageText, text.slice(0, MAX_MESSAGE_LENGTH));
    const session =
      (await this.deps.prisma.chatSession.findFirst({
        where: { botId: bot.id, channel: 'whatsapp', phoneNumber },
        orderBy: { lastMessageAt: 'desc' },
      })) ??
      (await this.deps.prisma.chatSession.create({
        data: { botId: bot.id, channel: 'whatsapp', phoneNumber, visitorName: senderName?.slice(0, 100) || null },
      }));
    try {
      // The widget's limits per conversation and per bot: a number sending in a loop cannot drain the credits.
      await this.limit(`whatsapp:session:${session.id}`, WIDGET_RATE_LIMITS.perSession);
      await this.limit(`whatsapp:bot:${bot.id}`, WIDGET_RATE_LIMITS.perBot);
      return await this.respond(bot, session, question, {});
    } catch (error) {
      if (error instanceof RateLimitError) return { text: error.message, sources: [], messageId: randomUUID() };
      if (!(error instanceof PaymentRequiredError)) throw error;
      this.deps.logger.info({ botId: bot.id, code: error.code }, 'WhatsApp answer not paid for; told the sender the bot is unavailable');
      return this.unavailableReply(bot);
    }
  }

  private unavailableReply(bot: Bot): ChatReply {
    return { text: BOT_PHRASES[botLanguage(bot.languageCode)].unavailable, sources: [], messageId: randomUUID() };
  }

  // ---------------------------------------------------------------- the answer

  /**
   * Charges (in credit mode) before asking the model, refunds when the answer fails, and records the
   * question and the answer with latency, tokens, cost and retrieval score.
   */
  private async respond(
    bot: Bot,
    session: ChatSession,
    question: string,
    options: { maxTokens?: number; onToken?: (token: string) => void },
  ): Promise<ChatReply> {
    const started = performance.now();
    // Retrieval does not depend on who pays: it runs while the bookkeeping below happens.
    const retrieval = this.deps.retrieve(bot.id, question, {
      topK: RETRIEVAL_TOP_K,
      language: questionLanguage(question, bot.languageCode),
    });
    retrieval.catch(() => undefined);
    const { answerer, chargeTo } = await this.answererFor(bot, session.channel);
    const questionId = randomUUID();
    const chargeKey = `chat:${questionId}`;
    const charge = chargeTo
      ? await this.deps.billing.charge(chargeTo, {
          usageType: 'chat',
          units: 1,
          idempotencyKey: chargeKey,
          description: `Answer by ${bot.name}`,
        })
      : null;
    const [history, questionMessage] = await Promise.all([
      bot.enableMemory ? this.recentTurns(session.id, questionId) : Promise.resolve([]),
      this.deps.prisma.chatMessage.create({ data: { id: questionId, sessionId: session.id, role: 'user', content: question } }),
    ]);

    let result: AnswerResult;
    try {
      const chunks = await retrieval;
      result = await answerQuestion({ bot, question, chunks, history, answerer, maxTokens: options.maxTokens, onToken: options.onToken });
    } catch (error) {
      await this.deps.prisma.chatMessage.delete({ where: { id: questionId } });
      if (chargeTo) await this.deps.billing.refundCharge(chargeTo, chargeKey);
      throw error;
    }
    const answer = await this.deps.prisma.chatMessage.create({
      data: {
        sessionId: session.id,
        role: 'assistant',
        content: result.text,
        replyToId: questionId,
        sources: result.sources as object[],
        promptTokens: result.promptTokens,
        completionTokens: result.completionTokens,
        latencyMs: Math.round(performance.now() - started),
        costCredits: charge ? charge.charged : 0,
        retrievalTopScore: result.topScore,
        unanswered: result.unanswered,
        model: result.model,
      },
    });
    await this.deps.prisma.chatSession.update({ where: { id: session.id }, data: { lastMessageAt: this.deps.clock.now() } });
    await this.deps.afterExchange?.({ bot, session, question: questionMessage, answer, answerer }).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, botId: bot.id }, 'could not queue the lead check of an exchange');
    });
    return { text: result.text, sources: result.sources, messageId: answer.id };
  }

  /**
   * Which model answers and who pays: credit-mode customers use the platform's AI and are charged;
   * subscription customers use their own key (never charged) or the platform's; demo bots and
   * installations without any key fall back to the extractive answerer.
   */
  async answererFor(bot: Bot, channel: Channel): Promise<{ answerer: Answerer; chargeTo: string | null }> {
    const platformModel = await this.deps.platformAi.model();
    const platform: Answerer = platformModel ? { kind: 'model', ...platformModel } : { kind: 'extractive' };
    if (!bot.ownerId || channel === 'demo') return { answerer: platform, chargeTo: null };
    const billing = await this.deps.billing.aiBillingFor(bot.ownerId);
    switch (billing.mode) {
      case 'own_key':
        return { answerer: { kind: 'model', ...this.deps.platformAi.withKey(billing.apiKey) }, chargeTo: null };
      case 'credits':
        return { answerer: platform, chargeTo: bot.ownerId };
      case 'platform':
        return { answerer: platform, chargeTo: null };
    }
  }

  /** The conversation before the question being answered (which is being stored concurrently). */
  private async recentTurns(sessionId: string, questionId: string): Promise<Turn[]> {
    const messages = await this.deps.prisma.chatMessage.findMany({
      where: { sessionId, id: { not: questionId } },
      orderBy: [{ createdAt: 'desc' }, { role: 'asc' }],
      take: MEMORY_TURNS,
      select: { role: true, content: true },
    });
    return messages.reverse().map((message) => ({ role: message.role, content: message.content }));
  }

  private async publicBot(botId: string): Promise<Bot> {
    const bot = botId ? await this.deps.prisma.bot.findFirst({ where: { id: botId, ownerId: { not: null } } }) : null;
    if (!bot) throw notFoundError('Bot');
    return bot;
  }

  private async activePublicBot(botId: string): Promise<Bot> {
    const bot = await this.publicBot(botId);
    if (!bot.isActive) throw chatErrors.botInactive();
    return bot;
  }

  /** A widget session of this bot; another bot's session is as unknown as a made-up one. */
  private async widgetSession(botId: string, token: string): Promise<ChatSession> {
    const session = await this.deps.prisma.chatSession.findUnique({ where: { tokenHash: sha256Hex(token) } });
    if (!session || session.botId !== botId || session.channel !== 'widget') {
      throw chatErrors.sessionNotFound();
    }
    return session;
  }

  private limit(key: string, rule: RateLimitRule): Promise<void> {
    return enforceRateLimit(this.deps.rateLimiter, key, rule, CHAT_MESSAGES.tooManyMessages);
  }
}
