import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { PubSub } from '../../platform/pubsub/index.ts';
import type { Bot, Channel, ChatMessage, ChatSession, PrismaClient } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import type { SqlQuery } from '../../platform/database/index.ts';
import type { ChatModelEndpoint } from '../../platform/llm/index.ts';
import type { RateLimiter } from '../../platform/ratelimit/index.ts';
import { enforceRateLimits, type RateLimitRule } from '../../platform/ratelimit/enforce.ts';
import type { PlatformAi } from '../admin/public.ts';
import {
  type AiBilling,
  CHAT_USAGE,
  creditsCover,
  type PayingStanding,
  type PayingStandingRow,
  uncoveredUsageError,
  UNREADABLE_API_KEY,
} from '../billing/public.ts';
import type { BillingService } from '../billing/service.ts';
import { uuidv7 } from '../../platform/ids.ts';
import type { RetrieveOptions, RetrievedChunk } from '../knowledge/public.ts';
import { afterVisitorWrites, announceConversationChanges, inInbox, type ConversationChange, type HandoffService } from '../inbox/public.ts';
import { announceAttention } from './attentionEvents.ts';
import { closestKnownAnswer, type KnownAnswer } from './knownAnswers.ts';
import { answerQuestion, type Answerer, type Turn } from './engine.ts';
import { chatErrors } from './errors.ts';
import type { ChatReply } from './replies.ts';
import { WIDGET_LIMIT_MESSAGES, WIDGET_RATE_LIMITS, type WidgetLimit } from './limits.ts';
import { BOT_PHRASES, botLanguage } from './language.ts';
import { BatchWhileBusy } from '../../platform/batchWhileBusy.ts';
import { ANSWER_STAGES, type AnswerStage } from '../../metrics.ts';
import type { DataChanges } from '../../platform/dataChanges.ts';
import {
  readAnswerRows,
  readRecentTurns,
  writeExchanges,
  type AnswerRows,
  type AnswerSession,
  type AnsweringBot,
  type BotLookup,
  type ExchangeRecord,
  type SessionLookup,
  type WrittenExchange,
} from './records.ts';
import { questionLanguage } from './terms.ts';
import type { AnswerContextCache, QuestionRows } from './answerContexts.ts';

/** The most questions to one bot whose rows one statement reads. */
const MAX_READ_BATCH = 32;
/** The most exchanges one statement writes. */
const MAX_WRITE_BATCH = 32;
const RETRIEVAL_TOP_K = 8;

export interface ChatDependencies {
  prisma: PrismaClient;
  /** The answer's own statements (see SqlQuery). */
  query: SqlQuery;
  clock: Clock;
  rateLimiter: RateLimiter;
  logger: Logger;
  billing: BillingService;
  platformAi: PlatformAi;
  retrieve: (botId: string, query: string, options: RetrieveOptions) => Promise<readonly RetrievedChunk[]>;
  /** The bot's Q&A pairs: a question close enough to one is answered from it first. */
  knownAnswersOf?: (botId: string) => Promise<readonly KnownAnswer[]>;
  /** Told of every stored exchange (the data tool looks for leads); it must return quickly, and its failures never fail the answer. */
  afterExchange?: (exchange: Exchange) => Promise<void>;
  /** Told of every new conversation and exchange (the owner's cached responses count them), and of credits run out. */
  changes?: DataChanges;
  /** Carries Needs attention's live changes (a refusal, a rating) to the owners' screens. */
  pubsub?: PubSub;
  /** Widget questions' rows kept between answers; without it, every answer reads them. */
  contexts?: AnswerContextCache;
  /** Told how long each stage of a stored answer took (the server's metrics). */
  timeSpent?: (channel: Channel, stage: AnswerStage, ms: number) => void;
  /** Visitors asking for a person, and their messages while one is waited for or answers (the inbox's). */
  handoff?: Pick<HandoffService, 'askForPerson' | 'holdForPerson'>;
}

/** A question and its answer, both stored, and who answered (the model's settings or the extractive rules). */
export interface Exchange {
  bot: AnsweringBot;
  session: AnswerSession;
  question: ChatMessage;
  answer: ChatMessage;
  answerer: Answerer;
}

/** Everything an answer needs, read in one statement (the platform's AI endpoint only when its stored key changed). */
export interface AnswerContext {
  bot: AnsweringBot;
  session: AnswerSession;
  /** The conversation this answer opens, written with it; null when it exists already. */
  opening: ChatSession | null;
  /** Who pays for the bot's answers; null for a demo bot (nobody). */
  standing: PayingStanding | null;
  /** The bot's owner is suspended: nothing is answered, nor charged (see `payment`). */
  ownerSuspended: boolean;
  platformModel: ChatModelEndpoint | null;
  /** How long the read took, waiting for a statement shared with other answers included. */
  readMs: number;
}

/**
 * A conversation the answer may open when there is none: its channel and what identifies it. With a
 * token hash, the answers that open it at the same moment open it once (see writeExchanges).
 */
export type SessionOpening = Pick<ChatSession, 'channel'> & Partial<Pick<ChatSession, 'tokenHash' | 'phoneNumber' | 'visitorName'>>;

/** A question's conversation: the one with its token's hash, or the latest of a channel. */
type QuestionSession = { kind: 'token'; tokenHash: string } | Extract<SessionLookup, { kind: 'latest' }>;

/** The rows of the question at `index` among those read together. */
function questionRows({ sessions, ...shared }: AnswerRows, index: number): QuestionRows {
  return { ...shared, session: sessions[index] ?? null };
}

/**
 * Resolves once the sockets written to in this tick have been flushed: Node's HTTP response corks its
 * socket on the first write of a tick and uncorks it (one writev) in a process.nextTick callback,
 * which runs before this one. A whole event-loop turn (setImmediate) waited for every other
 * callback of a busy loop as well: 2-3 ms of each answer under load.
 */
const afterSocketsUncork = () => new Promise<void>((resolve) => process.nextTick(resolve));

/** An exchange to write, and whose bot it was said to (whose screens hear of it). */
interface OwnedExchange {
  record: ExchangeRecord;
  ownerId: string | null;
}

/** Who answers and who pays: the charge is taken with the answer's rows, after it has streamed. */
interface Payment {
  answerer: Answerer;
  charge: { userId: string; cost: PayingStanding['cost'] } | null;
}

/**
 * The answering core every channel entry (widget, WhatsApp, test chat, demo) goes through: one read of
 * what an answer needs, the answer streamed, one write of the exchange and its charge.
 */
export class AnswerCore {
  /** The platform's AI endpoint as last read, with the stored key it was read from (see `platformModelFor`). */
  private platformModel: { stamp: string | null; model: Promise<ChatModelEndpoint | null> } | undefined;
  /** See `standingOf`. */
  private readonly standings = new WeakMap<PayingStandingRow, PayingStanding>();
  /** Token lookups of one bot (same BotLookup) arriving while one is out share the next statement. */
  private readonly tokenReads = new BatchWhileBusy<{ bot: BotLookup; tokenHash: string }, QuestionRows | null>(async (batch) => {
    const tokenHashes = batch.map((question) => question.tokenHash);
    const rows = await readAnswerRows(this.deps.query, batch[0]!.bot, { kind: 'tokens', tokenHashes }, this.deps.clock.now());
    return batch.map((_, index) => rows && questionRows(rows, index));
  }, MAX_READ_BATCH);

  /**
   * Exchanges written while one write is out share the next statement; a line per paying customer,
   * whose balances that statement locks (exchanges nobody pays for share one line). Each statement
   * is announced once (see `announceExchanges`).
   */
  private readonly exchangeWrites = new BatchWhileBusy<OwnedExchange, WrittenExchange>(
    async (batch) => {
      const written = await writeExchanges(
        this.deps.query,
        batch.map(({ record }) => record),
      );
      await this.announceExchanges(batch, written);
      return written;
    },
    MAX_WRITE_BATCH,
    // A conversation deleted meanwhile fails the statement: the others' exchanges are written alone.
    { aloneAfterFailure: true },
  );

  constructor(private readonly deps: ChatDependencies) {}

  /**
   * Streams the answer first and writes afterwards: retrieval and the answer need no write, so the
   * first token waits for one read (`read`) and retrieval only. Then one statement stores the
   * question, the answer (latency, tokens, cost, retrieval score) and, in credit mode, the charge:
   * all or nothing, so an answer is charged exactly once and a failed one never. Answers finished
   * while a write of their customer's is out share the next one (`exchangeWrites`).
   */
  async respond(
    context: AnswerContext,
    question: string,
    options: { maxTokens?: number; onToken?: (token: string) => void },
  ): Promise<ChatReply> {
    const { bot } = context;
    const started = performance.now();
    // Messages carry the time they were said, as the database's clock would (not the platform's, which tests stop).
    const askedAt = new Date();
    const { answerer, charge } = this.payment(context);
    // A model given the conversation so far reads it beside retrieval; the extractive answerer never uses it.
    const remembers = bot.enableMemory && answerer.kind === 'model' && !context.opening;
    const [chunks, history, known] = await Promise.all([
      this.deps.retrieve(bot.id, question, { topK: RETRIEVAL_TOP_K, language: questionLanguage(question, bot.languageCode) }),
      remembers ? readRecentTurns(this.deps.prisma, context.session.id) : ([] as Turn[]),
      this.deps.knownAnswersOf ? this.deps.knownAnswersOf(bot.id) : [],
    ]);
    const retrieved = performance.now();
    const result = await answerQuestion({
      bot,
      question,
      chunks,
      history,
      answerer,
      knownAnswer: closestKnownAnswer(question, bot.languageCode, known),
      maxTokens: options.maxTokens,
      onToken: options.onToken,
    });
    // The streamed tokens leave the process before the write starts (see afterSocketsUncork).
    if (options.onToken) await afterSocketsUncork();
    const answered = performance.now();

    const questionId = uuidv7();
    // After its question, always: a conversation reads in the order of these times.
    const answeredAt = new Date(Math.max(Date.now(), askedAt.getTime() + 1));
    const now = this.deps.clock.now();
    const usage = charge && {
      userId: charge.userId,
      cost: charge.cost,
      idempotencyKey: `chat:${questionId}`,
      description: `Answer by ${bot.name}`,
      entryId: uuidv7(),
    };
    const record: ExchangeRecord = {
      session: context.session,
      opening: context.opening,
      lastMessageAt: now,
      question: { id: questionId, content: question, at: askedAt },
      answer: {
        id: uuidv7(),
        content: result.text,
        at: answeredAt,
        sources: result.sources,
        givenPassages: result.given,
        promptTokens: result.promptTokens,
        completionTokens: result.completionTokens,
        latencyMs: Math.round(answered - started),
        retrievalTopScore: result.topScore,
        unanswered: result.unanswered,
        model: result.model,
      },
      charge: usage,
    };
    const written = await this.exchangeWrites.run(usage?.userId ?? '', { record, ownerId: bot.ownerId });
    const spent: Record<AnswerStage, number> = {
      read: context.readMs,
      retrieval: retrieved - started,
      answer: answered - retrieved,
      write: performance.now() - answered,
    };
    for (const stage of ANSWER_STAGES) this.deps.timeSpent?.(context.session.channel, stage, spent[stage]);
    if (usage && written.answer.costCredits.isZero()) {
      // Answers racing the last credits: each passed the read, the balance covered only some of them.
      this.deps.logger.warn({ botId: bot.id, userId: usage.userId }, 'answered without a charge: the credits ran out meanwhile');
    }
    await this.deps
      .afterExchange?.({ bot, session: written.session, question: written.question, answer: written.answer, answerer })
      .catch((error: unknown) => {
        this.deps.logger.warn({ err: error, botId: bot.id }, 'could not queue the lead check of an exchange');
      });
    return { text: result.text, sources: result.sources, messageId: written.answer.id, unanswered: result.unanswered };
  }

  /**
   * Tells the owners' cached screens of a statement's exchanges, once for all of them: their
   * conversations changed; and where a payer's credits no longer cover an answer (creditsCover, the
   * rule the read applies), their standing changed for every screen and every kept answer context,
   * so the next question reads it again and is refused.
   */
  private async announceExchanges(batch: readonly OwnedExchange[], written: readonly WrittenExchange[]): Promise<void> {
    const ranOut = batch.filter(({ record: { charge } }, index) => {
      const left = written[index]!.creditsLeft;
      return charge && left && !creditsCover(charge.cost, left);
    });
    const refusals = batch.flatMap(({ record, ownerId }) =>
      ownerId && record.answer.unanswered ? [{ ownerId, chatLogId: record.answer.id }] : [],
    );
    // The question and its answer, in order, as one change: an open transcript shows both, for one notice.
    const newMessages = batch.flatMap(({ record, ownerId }, index): ConversationChange[] =>
      ownerId && inInbox(record.session.channel)
        ? [{ ownerId, conversationId: written[index]!.session.id, messageIds: [record.question.id, record.answer.id], botExchange: true }]
        : [],
    );
    await Promise.all([
      this.deps.changes?.customersChanged(ranOut.map(({ ownerId }) => ownerId)),
      this.deps.changes?.conversationsChanged(batch.map(({ ownerId }) => ownerId)),
      announceAttention(this.deps, refusals),
      announceConversationChanges(this.deps, newMessages),
    ]);
  }

  /**
   * The bot, the conversation (an existing one, or, with `opens`, a new one written with the answer),
   * who pays and which platform AI key is stored, in one statement.
   */
  read(bot: BotLookup, session: QuestionSession): Promise<(Omit<AnswerContext, 'session'> & { session: AnswerSession | null }) | null>;
  read(bot: BotLookup, session: QuestionSession, opens: SessionOpening): Promise<AnswerContext | null>;
  async read(
    bot: BotLookup,
    session: QuestionSession,
    opens?: SessionOpening,
  ): Promise<(Omit<AnswerContext, 'session'> & { session: AnswerSession | null }) | null> {
    const started = performance.now();
    const rows = await this.readRows(bot, session);
    if (!rows) return null;
    const platformModel = await this.platformModelFor(rows.platformKeyStamp);
    const standing = rows.standing && this.standingOf(rows.standing, rows.bot.ownerId);
    return {
      bot: rows.bot,
      ...this.conversation(rows.bot.id, rows.session, opens),
      standing,
      ownerSuspended: rows.ownerSuspended,
      platformModel,
      readMs: performance.now() - started,
    };
  }

  /**
   * Who pays, by billing's rules, worked out once per row read: a row kept with its bot's context
   * (see AnswerContextCache) is the same object from one answer to the next.
   */
  private standingOf(row: PayingStandingRow, ownerId: string | null): PayingStanding {
    let standing = this.standings.get(row);
    if (!standing) {
      standing = this.deps.billing.account.payingStanding(row, CHAT_USAGE);
      if (standing.apiKeyUnreadable) this.deps.logger.warn({ userId: ownerId }, UNREADABLE_API_KEY);
      this.standings.set(row, standing);
    }
    return standing;
  }

  private async readRows(bot: BotLookup, session: QuestionSession): Promise<QuestionRows | null> {
    if (session.kind === 'token') {
      const { contexts } = this.deps;
      const botKey = `${bot.botId} ${bot.ownerId ?? ''} ${bot.publicOnly === true}`;
      const kept = await contexts?.read(botKey, session.tokenHash);
      if (kept) return kept;
      const readAt = contexts?.now();
      const rows = await this.tokenReads.run(botKey, { bot, tokenHash: session.tokenHash });
      if (rows && readAt !== undefined) contexts?.write(botKey, session.tokenHash, rows, readAt);
      return rows;
    }
    const rows = await readAnswerRows(this.deps.query, bot, session, this.deps.clock.now());
    return rows && questionRows(rows, 0);
  }

  /**
   * The platform's AI endpoint, read again only when the stored key is no longer the one it was read
   * from: the answer's own read brings the stored key's ciphertext, new on every save, so an admin's
   * change applies to the next answer on every replica, and an unchanged key costs no statement.
   */
  private platformModelFor(stamp: string | null): Promise<ChatModelEndpoint | null> {
    const cached = this.platformModel;
    if (cached && cached.stamp === stamp) return cached.model;
    const entry = { stamp, model: this.deps.platformAi.model() };
    this.platformModel = entry;
    entry.model.catch(() => {
      if (this.platformModel === entry) this.platformModel = undefined;
    });
    return entry.model;
  }

  /**
   * The conversation found, or (with `opens`) the one the answer opens: written with the answer, never
   * before it. Without either, none (the widget refuses a session it cannot find).
   */
  private conversation(botId: string, found: AnswerSession | null, opens: SessionOpening | undefined) {
    if (found || !opens) return { session: found, opening: null };
    const now = this.deps.clock.now();
    const opening: ChatSession = {
      id: uuidv7(),
      botId,
      channel: opens.channel,
      tokenHash: opens.tokenHash ?? null,
      visitorName: opens.visitorName ?? null,
      visitorEmail: null,
      phoneNumber: opens.phoneNumber ?? null,
      createdAt: now,
      lastMessageAt: now,
      status: 'bot',
      statusChangedAt: null,
      ownerReadAt: null,
      emailAskedAt: null,
      replyEmail: null,
      pageUrl: null,
    };
    return { session: opening, opening };
  }

  /**
   * Writes the conversation the context would open, for a message no answer follows (a request for
   * a person); with a token hash, the one another message opened first if one did.
   */
  async open(context: AnswerContext): Promise<AnswerSession> {
    const { opening } = context;
    if (!opening) return context.session;
    const created = opening.tokenHash
      ? await this.deps.prisma.chatSession
          .createMany({ data: [opening], skipDuplicates: true })
          .then(() => this.deps.prisma.chatSession.findUniqueOrThrow({ where: { tokenHash: opening.tokenHash! } }))
      : await this.deps.prisma.chatSession.create({ data: opening });
    await this.deps.changes?.conversationsChanged([context.bot.ownerId]);
    return created;
  }

  /**
   * Which model answers and who pays: no bot answers while its owner is suspended (refused here,
   * before anything, like an answer nobody pays for); credit-mode customers use the platform's AI
   * and are charged (refused here, before anything, when their credits do not cover the answer); subscription
   * customers use their own key (never charged) or the platform's; demo bots and installations
   * without any key fall back to the extractive answerer.
   */
  private payment({ bot, session, standing, platformModel, ownerSuspended }: AnswerContext): Payment {
    if (ownerSuspended) throw chatErrors.ownerSuspended();
    const billing = bot.ownerId && standing && session.channel !== 'demo' ? standing.billing : null;
    const answerer = this.answererOf(platformModel, billing);
    if (!bot.ownerId || !standing || billing?.mode !== 'credits') return { answerer, charge: null };
    const refusal = uncoveredUsageError(standing);
    if (refusal) throw refusal;
    return { answerer, charge: standing.cost.isZero() ? null : { userId: bot.ownerId, cost: standing.cost } };
  }

  /** For lead capture: which model answers a bot on a channel (see `payment`); read on its own. */
  async answererFor(bot: Bot, channel: Channel): Promise<Answerer> {
    const billing = bot.ownerId && channel !== 'demo' ? await this.deps.billing.aiBillingFor(bot.ownerId) : null;
    return this.answererOf(await this.deps.platformAi.model(), billing);
  }

  /** The customer's own key answers when they use one; otherwise the platform's model, else the extractive rules. */
  private answererOf(platformModel: ChatModelEndpoint | null, billing: AiBilling | null): Answerer {
    if (billing?.mode === 'own_key') return { kind: 'model', ...this.deps.platformAi.withKey(billing.apiKey) };
    return platformModel ? { kind: 'model', ...platformModel } : { kind: 'extractive' };
  }

  /**
   * Before a visitor's message is answered: a closed conversation opens again, to the bot (the
   * replicas' kept contexts, which know its status, go). Resolves with the context as it now stands.
   */
  async reopenIfClosed(context: AnswerContext): Promise<AnswerContext> {
    const status = afterVisitorWrites(context.session.status);
    if (status === context.session.status) return context;
    await this.deps.prisma.chatSession.updateMany({
      where: { id: context.session.id, status: context.session.status },
      data: { status, statusChangedAt: this.deps.clock.now() },
    });
    await this.deps.changes?.customersChanged([context.bot.ownerId]);
    return { ...context, session: { ...context.session, status } };
  }

  unavailableReply(bot: Pick<Bot, 'languageCode'>): ChatReply {
    return { text: BOT_PHRASES[botLanguage(bot.languageCode)].unavailable, sources: [], messageId: null };
  }

  /**
   * Counts a hit against each key by one of the widget's rules (see limits.ts; `rule` in place of
   * the rule's default), in turn and in one round trip, refusing in the words of the first rule past.
   */
  limit(...hits: { which: WidgetLimit; key: string; rule?: RateLimitRule }[]): Promise<void> {
    return enforceRateLimits(
      this.deps.rateLimiter,
      hits.map(({ which, key, rule = WIDGET_RATE_LIMITS[which] }) => ({ key, rule, message: WIDGET_LIMIT_MESSAGES[which] })),
    );
  }
}
