import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Bot, Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import type { BlobStore } from '../../platform/blob/index.ts';
import { createChatModel, type ChatModelEndpoint } from '../../platform/llm/index.ts';
import { parseInput } from '../../validation.ts';
import { botAllowance, type BotAllowance } from '../billing/subscriptions.ts';
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

/** What the bots domain needs from the knowledge domain when a bot goes away. */
export interface BotKnowledge {
  removeBot(botId: string): Promise<void>;
}

interface BotsDependencies {
  prisma: PrismaClient;
  clock: Clock;
  blobs: BlobStore;
  logger: Logger;
  publicUrl: string;
  knowledge: BotKnowledge;
  /** The platform's own model, when one is configured; prompts are composed from templates otherwise. */
  platformAi: { model(): Promise<ChatModelEndpoint | null> };
}

const IN_PROGRESS_DOCUMENTS = { status: { in: ['pending', 'processing'] } } satisfies Prisma.DocumentWhereInput;
const IN_PROGRESS_CRAWLS = { status: { in: ['pending', 'running'] } } satisfies Prisma.WebSourceWhereInput;

/** SQL conditions for the derived list status, shared by REST and GraphQL lists. */
function botStatusWhere(status: BotStatus): Prisma.BotWhereInput {
  const training: Prisma.BotWhereInput = {
    OR: [{ documents: { some: IN_PROGRESS_DOCUMENTS } }, { webSources: { some: IN_PROGRESS_CRAWLS } }],
  };
  if (status === 'training') return training;
  return { AND: [{ NOT: training }, { isActive: status === 'online' }] };
}

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The chat sessions a bot's "conversations today" counts: those started since midnight UTC. */
export function conversationsToday(now: Date) {
  return { where: { createdAt: { gte: startOfUtcDay(now) } } } satisfies Prisma.Bot$chatSessionsArgs;
}

/** The counts a bot's list status and "conversations today" are derived from, in the same query as the bot. */
export function botSummarySelection(now: Date) {
  return {
    owner: { select: { fullName: true, email: true } },
    _count: {
      select: {
        documents: { where: IN_PROGRESS_DOCUMENTS },
        webSources: { where: IN_PROGRESS_CRAWLS },
        chatSessions: conversationsToday(now),
      },
    },
  } satisfies Prisma.BotInclude;
}

type BotWithCounts = Prisma.BotGetPayload<{ include: ReturnType<typeof botSummarySelection> }>;

function summarise(bot: BotWithCounts): BotSummary {
  const { owner, _count, ...plain } = bot;
  return {
    bot: plain,
    status: botStatus({ isActive: bot.isActive, sourcesInProgress: _count.documents + _count.webSources }),
    conversationsToday: _count.chatSessions,
    ownerName: owner?.fullName || owner?.email || '',
  };
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
      include: botSummarySelection(this.deps.clock.now()),
      orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    });
    return bots.map(summarise);
  }

  async summary(ownerId: string, botId: string): Promise<BotSummary> {
    await findOwnedBot(this.deps.prisma, ownerId, botId);
    const bot = await this.deps.prisma.bot.findUniqueOrThrow({
      where: { id: botId },
      include: botSummarySelection(this.deps.clock.now()),
    });
    return summarise(bot);
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

  /** A new bot with the same settings (and the same images), without knowledge or conversations. */
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
      tx.bot.create({ data: { ...settings, name: copyName(source.name), widgetToken: newWidgetToken() } }),
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
