import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type {
  AnswerRating,
  Bot,
  ChatMessage,
  ChatSession,
  ConversationStatus,
  MessageRole,
  Prisma,
  User,
} from '../../generated/prisma/client.ts';
import { notFoundError } from '../../errors.ts';
import { sameSecret, sha256Hex } from '../../platform/crypto/index.ts';
import { parseInput } from '../../platform/validation.ts';
import { chatErrors } from './errors.ts';
import { WIDGET_RATE_LIMITS } from './limits.ts';
import type { Citation } from './passages.ts';
import { rateAnswer, ratingInput, type RatedAnswer } from './ratings.ts';
import { asksForPerson, botAnswers, conversationTopic, type ConversationChange } from '../inbox/public.ts';
import { AnswerCore, type ChatDependencies } from './answering.ts';
import { handoffReply, messageText, refusedPolitely, type ChatReply } from './replies.ts';

const sessionToken = z.string({ error: 'session_token is required' }).trim().min(1, { error: 'session_token is required' }).max(200);

const widgetChatInput = z.object({ message: messageText, sessionToken });
const widgetRatingInput = ratingInput.and(z.object({ sessionToken }));
/** The longest page address kept; a longer one (or one that is no web address) is left out, never refused. */
const MAX_PAGE_URL_LENGTH = 2000;

/** The page the widget is on, without its fragment: kept when it is a web address, left out otherwise. */
const pageUrl = z.unknown().transform((value) => {
  if (typeof value !== 'string' || value.length > MAX_PAGE_URL_LENGTH || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  return url.toString();
});

const createSessionInput = z.object({
  botId: z.string({ error: 'bot_id is required' }).trim().min(1, { error: 'bot_id is required' }).max(100),
  name: z.string().trim().max(100).optional(),
  email: z.email({ error: 'Enter a valid email address' }).max(254).optional(),
  pageUrl,
});
const askForPersonInput = z.object({ sessionToken, pageUrl });

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
  /** The owner lets visitors ask for a person ("Talk to a person"). */
  talkToPerson: boolean;
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
  /** The name of the person who wrote an agent message; null for the visitor's and the bot's. */
  authorName: string | null;
}

function historyEntry(message: ChatMessage & { author: { fullName: string } | null }): HistoryEntry {
  return {
    id: message.id,
    text: message.content,
    isUser: message.role === 'user',
    role: message.role,
    timestamp: message.createdAt.toISOString(),
    // Written by writeExchanges from the answer's Citation[]; questions store none.
    sources: Array.isArray(message.sources) ? (message.sources as unknown as Citation[]) : [],
    rating: message.rating,
    authorName: message.author?.fullName ?? null,
  };
}

/** What the visitor's "Talk to a person" left: the conversation's status, and the bot's line if it said one. */
export interface HandoffRequest {
  status: ConversationStatus;
  line: HistoryEntry | null;
}

/** The widget's live stream: the conversation's status (with who answers), or a message added to it. */
export type ConversationEvent =
  { kind: 'status'; status: ConversationStatus; agentName: string | null } | { kind: 'message'; message: HistoryEntry };

/** The most messages a reconnecting widget is sent again. */
const UNASKED_REPLAY_LIMIT = 50;

const sinceInput = z.coerce.date({ error: 'since must be a date and time (ISO 8601)' }).optional();

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
      talkToPerson: bot.handoffEnabled,
    };
  }

  /** Opens a visitor's conversation with an active bot; resolves with its secret session token. */
  async createSession(rawInput: unknown, ip: string): Promise<string> {
    const input = parseInput(createSessionInput, rawInput);
    await this.core.limit({ which: 'sessionsPerIp', key: `widget:sessions:ip:${ip}` });
    const bot = await this.activePublicBot(input.botId);
    const token = `ws_${randomBytes(24).toString('base64url')}`;
    await this.deps.prisma.chatSession.create({
      data: {
        botId: bot.id,
        channel: 'widget',
        tokenHash: sha256Hex(token),
        visitorName: input.name,
        visitorEmail: input.email,
        pageUrl: input.pageUrl,
      },
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
      include: { author: { select: { fullName: true } } },
    });
    return messages.map(historyEntry);
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
    await this.core.limit(
      { which: 'perIp', key: `widget:ip:${ip}` },
      { which: 'perSession', key: `widget:session:${session.id}` },
      { which: 'perBot', key: `widget:bot:${bot.id}`, rule: perBot },
    );
    try {
      const current = await this.core.reopenIfClosed({ ...context, session });
      const handoff = this.deps.handoff;
      if (handoff && !botAnswers(current.session.status)) {
        return handoffReply(await handoff.holdForPerson(bot.id, session.id, input.message));
      }
      if (handoff && bot.handoffEnabled && asksForPerson(input.message)) {
        return handoffReply(await handoff.askForPerson(bot.id, session.id, input.message));
      }
      const reply = await this.core.respond(current, input.message, { onToken });
      return { ...reply, status: 'bot', offerPerson: Boolean(handoff && bot.handoffEnabled && reply.unanswered) };
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
  async rate(
    botId: string,
    widgetToken: unknown,
    messageId: string,
    rawInput: unknown,
    ip: string,
  ): Promise<RatedAnswer & { offerPerson: boolean }> {
    const input = parseInput(widgetRatingInput, rawInput);
    const bot = await this.activePublicBot(botId);
    assertWidgetToken(bot, widgetToken);
    const session = await this.widgetSession(bot.id, input.sessionToken);
    await this.core.limit(
      { which: 'perIp', key: `widget:ratings:ip:${ip}` },
      { which: 'perSession', key: `widget:ratings:session:${session.id}` },
    );
    const rated = await rateAnswer(this.deps, { id: messageId, sessionId: session.id }, input, this.deps.clock.now());
    // A thumbs-down says the bot did not help: a person is offered where one can be asked for.
    return { ...rated, offerPerson: rated.rating === 'down' && bot.handoffEnabled && botAnswers(session.status) };
  }

  /** The visitor's "Talk to a person": the conversation waits for a person of the owner's (see HandoffService.askForPerson). */
  async askForPerson(botId: string, widgetToken: unknown, rawInput: unknown, ip: string): Promise<HandoffRequest> {
    const input = parseInput(askForPersonInput, rawInput);
    const bot = await this.activePublicBot(botId);
    assertWidgetToken(bot, widgetToken);
    const session = await this.widgetSession(bot.id, input.sessionToken);
    await this.core.limit({ which: 'perIp', key: `widget:ip:${ip}` }, { which: 'perSession', key: `widget:session:${session.id}` });
    if (!this.deps.handoff) throw new Error('the chat was built without the inbox, so nobody can be asked for');
    // The page they ask from is where the person finds them (a visitor moves between pages in one conversation).
    if (input.pageUrl && input.pageUrl !== session.pageUrl) {
      await this.deps.prisma.chatSession.update({ where: { id: session.id }, data: { pageUrl: input.pageUrl } });
    }
    const outcome = await this.deps.handoff.askForPerson(bot.id, session.id, null);
    return { status: outcome.status, line: outcome.line && historyEntry({ ...outcome.line, author: null }) };
  }

  /**
   * What a person (or the bot, unasked) adds to a visitor's conversation from now on, and its status
   * changes: the widget's live stream. First the conversation's status, and the messages after
   * `since` (a reconnecting widget loses nothing); then each change as it comes, until `signal` aborts.
   */
  async *conversationEvents(
    botId: string,
    rawSessionToken: unknown,
    rawSince: unknown,
    signal: AbortSignal,
  ): AsyncGenerator<ConversationEvent> {
    const session = await this.widgetSession(botId, parseInput(sessionToken, rawSessionToken));
    const since = parseInput(sinceInput, rawSince);
    await this.core.limit({ which: 'streamsPerSession', key: `widget:streams:session:${session.id}` });
    if (!this.deps.pubsub) throw new Error('the chat was built without a pubsub, so it has no live conversation');
    // Subscribed before anything is read: a change between the read and the subscription is not lost.
    const changes = this.deps.pubsub.subscribe(conversationTopic(session.id), signal) as AsyncIterable<ConversationChange>;
    let status = await this.conversationStatus(session.id);
    yield { kind: 'status', ...status };
    const sent = new Set<string>();
    if (since) {
      for (const message of await this.unaskedMessages({ sessionId: session.id, createdAt: { gt: since } })) {
        sent.add(message.id);
        yield { kind: 'message', message };
      }
    }
    // The status first, then the messages: a person joins before their first reply shows. The status is
    // read as it is now (a later change's may show first, never after that change's messages).
    for await (const change of changes) {
      // The visitor's own question and the bot's answer: most changes, and none of the stream's to send.
      if (change.botExchange) continue;
      const now = await this.conversationStatus(session.id);
      if (now.status !== status.status) {
        status = now;
        yield { kind: 'status', ...now };
      }
      const added = change.messageIds.filter((id) => !sent.has(id));
      if (added.length > 0) {
        for (const message of await this.unaskedMessages({ id: { in: added }, sessionId: session.id })) {
          sent.add(message.id);
          yield { kind: 'message', message };
        }
      }
    }
  }

  /** The conversation's status, with the name of the person answering (the bot's owner) while one does. */
  private async conversationStatus(sessionId: string): Promise<{ status: ConversationStatus; agentName: string | null }> {
    const session = await this.deps.prisma.chatSession.findUniqueOrThrow({
      where: { id: sessionId },
      select: { status: true, bot: { select: { owner: { select: { fullName: true } } } } },
    });
    return { status: session.status, agentName: session.status === 'human' ? (session.bot.owner?.fullName ?? null) : null };
  }

  /** A person's replies, and the bot's lines that answer no question of the visitor's (the wait gone over its time). */
  private async unaskedMessages(where: Prisma.ChatMessageWhereInput): Promise<HistoryEntry[]> {
    const messages = await this.deps.prisma.chatMessage.findMany({
      where: { AND: [where, { OR: [{ role: 'agent' }, { role: 'assistant', replyToId: null }] }] },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: UNASKED_REPLAY_LIMIT,
      include: { author: { select: { fullName: true } } },
    });
    return messages.map(historyEntry);
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
