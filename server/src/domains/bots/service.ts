import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { Prisma, type Bot, type CrawlStatus, type DocumentStatus, type PrismaClient } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import type { BlobStore } from '../../platform/blob/index.ts';
import { createChatModel, type ChatModelEndpoint } from '../../platform/llm/index.ts';
import { parseInput } from '../../platform/validation.ts';
import { botAllowance, type BotAllowance } from '../billing/public.ts';
import { findOwnedBot } from './access.ts';
import { embedCodes, type EmbedCodes } from './embed.ts';
import { botsErrors } from './errors.ts';
import { botImageLocation, checkImage, type CheckedImage, type UploadedImage } from './images.ts';
import { composePrompt, generatePromptInput, parseModelPrompt, promptWritingMessages, type GeneratedPrompt } from './prompt.ts';
import { botListFilter, botStatus, createBotInput, customToneNeedsDescription, updateBotInput, type BotStatus } from './rules.ts';

/** A bot as lists show it: with its derived status, today's conversations and its owner's name. */
export interface BotSummary {
  bot: Bot;
  status: BotStatus;
  conversationsToday: number;
  ownerName: string;
}

/** What the bots domain needs from the knowledge domain when a bot goes away or is duplicated. */
export interface BotKnowledge {
  removeBot(botId: string): Promise<void>;
  /** Queues the copy of the original's documents: they are pending in the duplicate when it resolves. */
  copyDocuments(fromBotId: string, toBotId: string): Promise<void>;
}

/** What the bots domain needs from the Q&A pairs when a bot is duplicated. */
export interface BotQaPairs {
  /** Copies the original's Q&A pairs to the duplicate. */
  copyPairs(fromBotId: string, toBotId: string): Promise<void>;
}

/** What the bots domain needs from the crawls when a bot is duplicated. */
export interface BotCrawls {
  /** Queues the copy of the original's crawls and their pages: they are pending in the duplicate when it resolves. */
  copyCrawls(fromBotId: string, toBotId: string): Promise<void>;
}

interface BotsDependencies {
  prisma: PrismaClient;
  clock: Clock;
  blobs: BlobStore;
  logger: Logger;
  publicUrl: string;
  knowledge: BotKnowledge;
  crawls: BotCrawls;
  qaPairs: BotQaPairs;
  /** The platform's own model, when one is configured; prompts are composed from templates otherwise. */
  platformAi: { model(): Promise<ChatModelEndpoint | null> };
}

/** A bot's sources still being learnt: while any is, the bot is "training". */
const DOCUMENTS_IN_PROGRESS = ['pending', 'processing'] satisfies DocumentStatus[];
const CRAWLS_IN_PROGRESS = ['pending', 'running'] satisfies CrawlStatus[];
const IN_PROGRESS_DOCUMENTS = { status: { in: DOCUMENTS_IN_PROGRESS } } satisfies Prisma.DocumentWhereInput;
const IN_PROGRESS_CRAWLS = { status: { in: CRAWLS_IN_PROGRESS } } satisfies Prisma.WebSourceWhereInput;

/** SQL conditions for the derived list status, shared by REST and GraphQL lists. */
function botStatusWhere(status: BotStatus): Prisma.BotWhereInput {
  const training: Prisma.BotWhereInput = {
    OR: [{ documents: { some: IN_PROGRESS_DOCUMENTS } }, { webSources: { some: IN_PROGRESS_CRAWLS } }],
  };
  if (status === 'training') return training;
  return { AND: [{ NOT: training }, { isActive: status === 'online' }] };
}

/** Constant enum values as SQL literals (never user input), so that the status columns' indexes apply. */
function sqlList(values: readonly string[]): Prisma.Sql {
  return Prisma.raw(values.map((value) => `'${value}'`).join(', '));
}

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Newest first, the order of both lists (the ownerId, updatedAt index). */
export const BOT_LIST_ORDER = [{ updatedAt: 'desc' }, { id: 'desc' }] satisfies Prisma.BotOrderByWithRelationInput[];

/** What lists show of a bot besides its columns. */
export interface BotActivity {
  /** A document or crawl of the bot is in progress: its status is "training". */
  learning: boolean;
  /** Chat sessions started since midnight UTC. */
  conversationsToday: number;
}

export class BotsService {
  constructor(private readonly deps: BotsDependencies) {}

  listWhere(ownerId: string, rawFilter: unknown): Prisma.BotWhereInput {
    const filter = parseInput(botListFilter, rawFilter ?? {});
    const where: Prisma.BotWhereInput[] = [{ ownerId }];
    if (filter.search) where.push({ name: { contains: filter.search, mode: 'insensitive' } });
    if (filter.status && filter.status !== 'all') where.push(botStatusWhere(filter.status));
    return { AND: where };
  }

  async list(ownerId: string, rawFilter: unknown): Promise<BotSummary[]> {
    const bots = await this.deps.prisma.bot.findMany({
      where: this.listWhere(ownerId, rawFilter),
      orderBy: BOT_LIST_ORDER,
    });
    return this.summarise(ownerId, bots);
  }

  async summary(ownerId: string, botId: string): Promise<BotSummary> {
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    const [summary] = await this.summarise(ownerId, [bot]);
    return summary!;
  }

  /**
   * What a list shows of each bot besides its columns, in the order of `botIds`, in one statement
   * for the whole page: whether a source is in progress, and today's conversations. Each is an index
   * probe per bot (botId first), whatever the size of the tables. The ids are of bots the caller has
   * already read through the owner filter (a list's rows).
   */
  async activity(botIds: readonly string[]): Promise<BotActivity[]> {
    if (botIds.length === 0) return [];
    const rows = await this.deps.prisma.$queryRaw<({ id: string } & BotActivity)[]>`
      SELECT page."id",
        EXISTS (SELECT 1 FROM "documents" d WHERE d."botId" = page."id" AND d."status" IN (${sqlList(DOCUMENTS_IN_PROGRESS)}))
          OR EXISTS (SELECT 1 FROM "web_sources" w WHERE w."botId" = page."id" AND w."status" IN (${sqlList(CRAWLS_IN_PROGRESS)}))
          AS "learning",
        (SELECT COUNT(*)::int FROM "chat_sessions" s WHERE s."botId" = page."id" AND s."createdAt" >= ${startOfUtcDay(this.deps.clock.now())})
          AS "conversationsToday"
      FROM unnest(${[...botIds]}::text[]) AS page("id")`;
    const byBot = new Map(rows.map(({ id, ...activity }) => [id, activity]));
    return botIds.map((botId) => byBot.get(botId) ?? { learning: false, conversationsToday: 0 });
  }

  get(ownerId: string, botId: string): Promise<Bot> {
    return findOwnedBot(this.deps.prisma, ownerId, botId);
  }

  async create(ownerId: string, rawData: unknown, images: UploadedImage[] = []): Promise<Bot> {
    const data = parseInput(createBotInput, rawData);
    const checked = await Promise.all(images.map(checkImage));
    const bot = await this.withinBotAllowance(ownerId, (tx) =>
      tx.bot.create({ data: { ...data, ownerId, widgetToken: newWidgetToken() } }),
    );
    return checked.length > 0 ? this.storeImages(bot, checked) : bot;
  }

  async update(ownerId: string, botId: string, rawData: unknown, images: UploadedImage[] = []): Promise<Bot> {
    const existing = await findOwnedBot(this.deps.prisma, ownerId, botId);
    const changes = parseInput(updateBotInput, rawData ?? {});
    const merged = { ...existing, ...changes };
    if (!customToneNeedsDescription(merged)) throw botsErrors.customToneUndescribed();
    const checked = await Promise.all(images.map(checkImage));
    const updated = await this.deps.prisma.bot.update({ where: { id: existing.id }, data: changes });
    return checked.length > 0 ? this.storeImages(updated, checked, existing) : updated;
  }

  /** Removes the bot with everything it owns: vectors, chunks, files, sessions and messages. */
  async delete(ownerId: string, botId: string): Promise<Bot> {
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    await this.deps.knowledge.removeBot(bot.id);
    await this.deps.prisma.bot.delete({ where: { id: bot.id } });
    await this.deps.blobs.deletePrefix(`bots/${bot.id}/`);
    return bot;
  }

  /**
   * A new bot with the same settings, images and knowledge (documents, crawled pages, Q&A pairs), without
   * conversations. The knowledge is queued, not indexed here: the copy's documents and crawls are
   * pending when it returns and are indexed by their jobs, which a big bot would make too long for a
   * request. A copy whose queuing fails halfway is removed again: there is never half a duplicate.
   */
  async duplicate(ownerId: string, botId: string): Promise<Bot> {
    const source = await findOwnedBot(this.deps.prisma, ownerId, botId);
    const {
      id: _id,
      createdAt: _created,
      updatedAt: _updated,
      deployedAt: _deployed,
      widgetToken: _token,
      iconUrl,
      logoUrl,
      ...settings
    } = source;
    const copy = await this.withinBotAllowance(ownerId, (tx) =>
      tx.bot.create({
        data: {
          ...settings,
          openingHours: settings.openingHours as Prisma.InputJsonValue,
          name: copyName(source.name),
          widgetToken: newWidgetToken(),
        },
      }),
    );
    const copiedImages: { iconUrl?: string; logoUrl?: string } = {};
    for (const [field, url] of [
      ['iconUrl', iconUrl],
      ['logoUrl', logoUrl],
    ] as const) {
      const sourceKey = url?.startsWith('/static/') ? url.slice('/static/'.length) : null;
      if (!sourceKey || !(await this.deps.blobs.exists(sourceKey))) continue;
      const key = sourceKey.replace(`bots/${source.id}/`, `bots/${copy.id}/`);
      await this.deps.blobs.put(key, await this.deps.blobs.get(sourceKey));
      copiedImages[field] = `/static/${key}`;
    }
    try {
      await this.deps.knowledge.copyDocuments(source.id, copy.id);
      await this.deps.crawls.copyCrawls(source.id, copy.id);
      await this.deps.qaPairs.copyPairs(source.id, copy.id);
    } catch (error) {
      await this.deps.knowledge.removeBot(copy.id);
      await this.deps.prisma.bot.delete({ where: { id: copy.id } });
      await this.deps.blobs.deletePrefix(`bots/${copy.id}/`);
      throw error;
    }
    return Object.keys(copiedImages).length > 0 ? this.deps.prisma.bot.update({ where: { id: copy.id }, data: copiedImages }) : copy;
  }

  async deploy(ownerId: string, botId: string): Promise<EmbedCodes & { bot: Bot }> {
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    const deployed = await this.deps.prisma.bot.update({ where: { id: bot.id }, data: { deployedAt: this.deps.clock.now() } });
    return { ...embedCodes(this.deps.publicUrl, deployed.id, deployed.widgetToken), bot: deployed };
  }

  /** A new widget token: snippets pasted with the old one stop working at once. */
  async rotateWidgetToken(ownerId: string, botId: string): Promise<Bot> {
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    return this.deps.prisma.bot.update({ where: { id: bot.id }, data: { widgetToken: newWidgetToken() } });
  }

  async generatePrompt(rawInput: unknown): Promise<GeneratedPrompt> {
    const input = parseInput(generatePromptInput, rawInput);
    const template = composePrompt(input.useCase, input.description);
    const promptModel = await this.deps.platformAi.model();
    if (!promptModel) return template;
    try {
      const model = createChatModel({ ...promptModel, temperature: 0.4, timeoutMs: 30_000 });
      const messages = promptWritingMessages(input.useCase, input.description);
      const answer = await model.invoke([
        ['system', messages.system],
        ['user', messages.user],
      ]);
      const generated = parseModelPrompt(answer.text);
      if (generated) return generated;
      this.deps.logger.warn('prompt model answered without a usable prompt; using the template');
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'prompt model failed; using the template');
    }
    return template;
  }

  /** How many bots the owner's plan allows now: what bot creation checks, for screens to show ahead. */
  allowance(ownerId: string): Promise<BotAllowance> {
    return botAllowance(this.deps.prisma, ownerId, this.deps.clock.now());
  }

  /** The REST list's derived fields for the owner's `bots`: two statements for any number of bots. */
  private async summarise(ownerId: string, bots: Bot[]): Promise<BotSummary[]> {
    const [activities, owner] = await Promise.all([
      this.activity(bots.map((bot) => bot.id)),
      bots.length > 0 ? this.deps.prisma.user.findUnique({ where: { id: ownerId }, select: { fullName: true, email: true } }) : null,
    ]);
    return bots.map((bot, index) => ({
      bot,
      status: botStatus({ isActive: bot.isActive, learning: activities[index]!.learning }),
      conversationsToday: activities[index]!.conversationsToday,
      ownerName: owner?.fullName || owner?.email || '',
    }));
  }

  /**
   * Runs a bot creation under the owner's plan: a per-owner transaction lock makes the count and the
   * insert atomic, so concurrent creations cannot exceed the limit.
   */
  private async withinBotAllowance(ownerId: string, create: (tx: Prisma.TransactionClient) => Promise<Bot>): Promise<Bot> {
    return this.deps.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`bots:${ownerId}`}))`;
      const allowance = await botAllowance(tx, ownerId, this.deps.clock.now());
      if (allowance.kind === 'none') throw botsErrors.noPlan();
      if (allowance.kind === 'limited') {
        const owned = await tx.bot.count({ where: { ownerId } });
        if (owned >= allowance.limit) throw botsErrors.botLimitReached(allowance.limit);
      }
      return create(tx);
    });
  }

  private async storeImages(bot: Bot, images: CheckedImage[], previous?: Bot): Promise<Bot> {
    const urls: { iconUrl?: string; logoUrl?: string } = {};
    for (const image of images) {
      const location = botImageLocation(bot.id, image);
      await this.deps.blobs.put(location.key, image.data, image.contentType);
      urls[image.kind === 'icon' ? 'iconUrl' : 'logoUrl'] = location.url;
    }
    const updated = await this.deps.prisma.bot.update({ where: { id: bot.id }, data: urls });
    for (const replaced of [urls.iconUrl && previous?.iconUrl, urls.logoUrl && previous?.logoUrl]) {
      if (typeof replaced === 'string' && replaced.startsWith('/static/')) {
        await this.deps.blobs.delete(replaced.slice('/static/'.length));
      }
    }
    return updated;
  }
}

function newWidgetToken(): string {
  return `wt_${randomBytes(24).toString('base64url')}`;
}

function copyName(name: string): string {
  const suffix = ' (copy)';
  return `${name.slice(0, 100 - suffix.length)}${suffix}`;
}
