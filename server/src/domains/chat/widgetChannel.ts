import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AnswerRating, Bot, ChatSession, MessageRole, User } from '../../generated/prisma/client.ts';
import { notFoundError } from '../../errors.ts';
import { sameSecret, sha256Hex } from '../../platform/crypto/index.ts';
import { parseInput } from '../../platform/validation.ts';
import { chatErrors } from './errors.ts';
import { WIDGET_RATE_LIMITS } from './limits.ts';
import type { Citation } from './passages.ts';
import { rateAnswer, ratingInput, type RatedAnswer } from './ratings.ts';
import { botAnswers } from '../inbox/public.ts';
import { AnswerCore, messageText, refusedPolitely, type ChatDependencies, type ChatReply } from './answering.ts';

const sessionToken = z.string({ error: 'session_token is required' }).trim().min(1, { error: 'session_token is required' }).max(200);

const widgetChatInput = z.object({ message: messageText, sessionToken });
const widgetRatingInput = ratingInput.and(z.object({ sessionToken }));
const createSessionInput = z.object({
  botId: z.string({ error: 'bot_id is required' }).trim().min(1, { error: 'bot_id is required' }).max(100),
  name: z.string().trim().max(100).optional(),
  email: z.email({ error: 'Enter a valid email address' }).max(254).optional(),
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

export interface HistoryEntry {
  id: string;
  text: string;
  isUser: boolean;
  /** The visitor (user), the bot (assistant) or a person of the owner's, from the inbox (agent). */
  role: MessageRole;
  timestamp: string;
  /** The passages an answer quoted, as stored with it; none for a question. */
  sources: Citation[];
  /** The visitor's rating of an answer, kept across reloads; null for a question or an unrated answer. */
  rating: AnswerRating | null;
}

type PublicBot = Bot & { owner: Pick<User, 'status'> | null };

/** A bot is available to visitors while it is active and its owner is not suspended. */
const available = (bot: PublicBot) => bot.isActive && bot.owner?.status !== 'suspended';

/** The widget's token must be the bot's own: the embed code's, not another bot's nor a guess. */
function assertWidgetToken(bot: Pick<Bot, 'widgetToken'>, widgetToken: unknown): void {
  if (typeof widgetToken !== 'string' || !sameSecret(widgetToken, bot.widgetToken)) throw chatErrors.invalidWidgetToken();
}

/** The public widget's entry: its settings, its visitors' conversations, their questions and ratings. */
export class WidgetChannel {
  constructor(
    private readonly deps: ChatDependencies,
    private readonly core: AnswerCore,
  ) {}

  /** What the widget shows before any chat: the bot's public face (no prompt, no token). */
  async settings(botId: string): Promise<WidgetSettings> {
    const bot = await this.publicBot(botId);
    return {
      displayName: bot.displayName || DEFAULT_WIDGET_TITLE,
      themeColor: bot.themeColor,
      logoUrl: bot.logoUrl,
      iconUrl: bot.iconUrl,
      chatPosition: bot.chatPosition,
      // A suspended owner's bot is as unavailable as an inactive one: the widget does not open.
      isActive: available(bot),
      languageCode: bot.languageCode,
      streaming: bot.streaming,
    };
  }

  /** Opens a visitor's conversation with an active bot; resolves with its secret session token. */
  async createSession(rawInput: unknown, ip: string): Promise<string> {
    const input = parseInput(createSessionInput, rawInput);
    await this.core.limit('sessionsPerIp', `widget:sessions:ip:${ip}`);
    const bot = await this.activePublicBot(input.botId);
    const token = `ws_${randomBytes(24).toString('base64url')}`;
    await this.deps.prisma.chatSession.create({
      data: { botId: bot.id, channel: 'widget', tokenHash: sha256Hex(token), visitorName: input.name, visitorEmail: input.email },
    });
    await this.deps.changes?.conversationsChanged([bot.ownerId]);
    return token;
  }

  async history(botId: string, rawSessionToken: unknown): Promise<HistoryEntry[]> {
    const session = await this.widgetSession(botId, parseInput(sessionToken, rawSessionToken));
    const messages = await this.deps.prisma.chatMessage.findMany({
      where: { sessionId: session.id },
      // A question and its answer never share a time (see `respond`); if rows written otherwise do, the question first.
      orderBy: [{ createdAt: 'asc' }, { role: 'asc' }],
      take: 200,
    });
    return messages.map((message) => ({
      id: message.id,
      text: message.content,
      isUser: message.role === 'user',
      role: message.role,
      timestamp: message.createdAt.toISOString(),
      // Written by writeExchanges from the answer's Citation[]; questions store none.
      sources: Array.isArray(message.sources) ? (message.sources as unknown as Citation[]) : [],
      rating: message.rating,
    }));
  }

  async chat(botId: string, widgetToken: unknown, rawBody: unknown, ip: string, onToken?: (token: string) => void): Promise<ChatReply> {
    const input = parseInput(widgetChatInput, rawBody);
    const context = await this.core.read({ botId, publicOnly: true }, { kind: 'token', tokenHash: sha256Hex(input.sessionToken) });
    if (!context) throw notFoundError('Bot');
    const { bot, session } = context;
    if (!bot.isActive) throw chatErrors.botInactive();
    assertWidgetToken(bot, widgetToken);
    // Another bot's session is as unknown as a made-up one; a widget never opens one here.
    if (!session || session.botId !== bot.id || session.channel !== 'widget') throw chatErrors.sessionNotFound();
    const perBot = { ...WIDGET_RATE_LIMITS.perBot, limit: context.standing?.widgetMessagesPerMinute ?? WIDGET_RATE_LIMITS.perBot.limit };
    await this.core.limit('perIp', `widget:ip:${ip}`);
    await this.core.limit('perSession', `widget:session:${session.id}`);
    await this.core.limit('perBot', `widget:bot:${bot.id}`, perBot);
    try {
      const current = await this.core.reopenIfClosed({ ...context, session });
      if (!botAnswers(current.session.status)) return await this.core.holdForPerson(current, input.message);
      return await this.core.respond(current, input.message, { onToken });
    } catch (error) {
      // The owner's billing is not the visitor's problem: no credits left (or a free trial that ended
      // unpaid, or an owner suspended) answers politely, never with an error. Nothing was charged nor stored.
      if (!refusedPolitely(error)) throw error;
      this.deps.logger.info(
        { botId: bot.id, code: error.code },
        'widget answer not paid for, or its owner suspended; told the visitor the bot is unavailable',
      );
      return this.core.unavailableReply(bot);
    }
  }

  /**
   * A visitor's thumbs up or down on an answer of their own conversation, refused as the widget's
   * chat is (inactive bot or suspended owner, wrong widget token, unknown session, traffic).
   */
  async rate(botId: string, widgetToken: unknown, messageId: string, rawInput: unknown, ip: string): Promise<RatedAnswer> {
    const input = parseInput(widgetRatingInput, rawInput);
    const bot = await this.activePublicBot(botId);
    assertWidgetToken(bot, widgetToken);
    const session = await this.widgetSession(bot.id, input.sessionToken);
    await this.core.limit('perIp', `widget:ratings:ip:${ip}`);
    await this.core.limit('perSession', `widget:ratings:session:${session.id}`);
    return rateAnswer(this.deps, { id: messageId, sessionId: session.id }, input, this.deps.clock.now());
  }

  /** A customer's bot (not a demo's), with its owner's status: read on every call, never kept. */
  private async publicBot(botId: string): Promise<PublicBot> {
    const bot = botId
      ? await this.deps.prisma.bot.findFirst({
          where: { id: botId, ownerId: { not: null } },
          include: { owner: { select: { status: true } } },
        })
      : null;
    if (!bot) throw notFoundError('Bot');
    return bot;
  }

  /** A bot that takes visitors: active, and its owner not suspended (the inactive bot's refusal otherwise). */
  private async activePublicBot(botId: string): Promise<PublicBot> {
    const bot = await this.publicBot(botId);
    if (!available(bot)) throw chatErrors.botInactive();
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
}
