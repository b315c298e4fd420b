// The bot's data tool: Google Sheet or Notion (exactly one, or none). Its incoming data (the
// incoming sheet's rows, the read database's pages) becomes one Document of the bot's knowledge,
// ingested like an upload and cited by name; leads go the other way (leads.ts).
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  Prisma,
  type Bot,
  type BotTool,
  type CrawlSchedule,
  type Document,
  type NotionConfig,
  type PrismaClient,
  type SheetConfig,
} from '../../../generated/prisma/client.ts';
import { AppError, NotFoundError, ValidationError } from '../../../errors.ts';
import type { Clock } from '../../../platform/clock/index.ts';
import type { DataChanges } from '../../../platform/dataChanges.ts';
import type { JobQueue } from '../../../platform/queue/index.ts';
import { allowedSchedules, CRAWL_SCHEDULES, SCHEDULE_PERIOD_MS } from '../../billing/public.ts';
import { maskSecret, SecretBoxError, sha256Hex, type SecretBox } from '../../../platform/crypto/index.ts';
import { parseInput } from '../../../platform/validation.ts';
import { findOwnedBot } from '../../bots/public.ts';
import type { EventRecorder } from '../../events/service.ts';
import type { UploadRules } from '../../knowledge/public.ts';
import type { KnowledgeService } from '../../knowledge/service.ts';
import { dataToolErrors, DATA_TOOL_MESSAGES } from './dataToolErrors.ts';
import { EVENT_CATEGORY } from '../eventCategory.ts';
import { googleStatus, readSheetRows, rowsAsMarkdown } from './dataToolSheets.ts';
import type { GoogleIntegrations } from '../google/google.ts';
import { notionDatabaseId, notionProblem, type NotionData } from './notionData.ts';

export const BOT_TOOLS = ['none', 'sheet', 'notion'] as const satisfies readonly BotTool[];
export type ActiveTool = Exclude<BotTool, 'none'>;

const SOURCE_LABEL: Record<ActiveTool, string> = { sheet: 'Google Sheet', notion: 'Notion' };
/** A synced source is Markdown, under the editor's size limit for documents. */
const SYNC_RULES: UploadRules = { maxBytes: 10 * 1024 * 1024, accepted: ['md'] };

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(300);
const optionalName = z.string().trim().max(300).nullish();
const isActive = z.boolean({ error: 'is_active must be true or false' }).nullish();

const sheetConfigInput = z.object({
  botId: required(DATA_TOOL_MESSAGES.botIdRequired),
  incomingSpreadsheetId: required(DATA_TOOL_MESSAGES.missingSheet),
  incomingSpreadsheetName: optionalName,
  incomingSheetName: required(DATA_TOOL_MESSAGES.missingSheet),
  completedSpreadsheetId: required(DATA_TOOL_MESSAGES.missingSheet),
  completedSpreadsheetName: optionalName,
  completedSheetName: required(DATA_TOOL_MESSAGES.missingSheet),
  isActive,
});

/** Notion ids are UUIDs, written with or without dashes, or given as the database's link. */
const notionId = (label: string) =>
  z
    .string({ error: `The ${label} is required.` })
    .trim()
    .min(1, { error: `The ${label} is required.` })
    .transform((value, context) => {
      const id = notionDatabaseId(value);
      if (id) return id;
      context.addIssue({
        code: 'custom',
        message: `The ${label} must be a Notion database id (32 hexadecimal characters, dashes allowed) or the database's link.`,
      });
      return z.NEVER;
    });

const notionConfigInput = z.object({
  botId: required(DATA_TOOL_MESSAGES.botIdRequired),
  apiKey: z.string({ error: DATA_TOOL_MESSAGES.apiKeyRequired }).trim().max(500).nullish(),
  readDatabaseId: notionId('read database id'),
  writeDatabaseId: notionId('write database id'),
  isActive,
});

const toolInput = z.object({
  botId: required(DATA_TOOL_MESSAGES.botIdRequired),
  toolName: z.enum(BOT_TOOLS, { error: 'tool_name must be one of: sheet, notion, none' }),
});

export interface ToolStatus {
  isSheetEnabled: boolean;
  isNotionEnabled: boolean;
}

export interface NotionConfigView {
  botId: string;
  apiKeyMasked: string;
  readDatabaseId: string;
  writeDatabaseId: string;
  isActive: boolean;
}

const SYNC_TICK_QUEUE = 'dataTool.syncSchedules';
/** How often due syncs are looked for: a scheduled sync runs at most this late. */
const SYNC_TICK_MS = 60_000;
/** Due configurations claimed by one tick; the rest wait for the next. */
const SYNC_CLAIM_BATCH = 100;

const syncScheduleInput = z.object({
  botId: z.string().trim().min(1),
  schedule: z.enum(CRAWL_SCHEDULES, { error: 'schedule must be OFF, DAILY or WEEKLY' }),
});

/** A save's outcome: the bot, and why the sync that follows it failed (the save itself stands). */
export interface SaveResult {
  bot: Bot;
  created: boolean;
  syncProblem: string | null;
}

interface DataToolDependencies {
  prisma: PrismaClient;
  clock: Clock;
  /** Runs the scheduled syncs' tick. */
  queue: JobQueue;
  /** Told when a sync schedule changes: the owner's cached responses show the old one. */
  changes?: DataChanges;
  secrets: SecretBox;
  events: EventRecorder;
  logger: Logger;
  knowledge: KnowledgeService;
  google: Pick<GoogleIntegrations, 'sheetsFor'>;
  notion: NotionData;
}

/**
 * The choice of tool, its two configurations and the sync of its incoming data. Every method takes
 * the caller's user id and reaches the bot through `findOwnedBot`: another customer's bot is 404.
 */
export class DataToolService {
  constructor(private readonly deps: DataToolDependencies) {
    deps.queue.register(SYNC_TICK_QUEUE, () => this.syncDue().then(() => undefined), { attempts: 1 });
  }

  // ---------------------------------------------------------------- the choice

  async toolStatus(ownerId: string, botId: string): Promise<ToolStatus> {
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    return { isSheetEnabled: bot.activeTool === 'sheet', isNotionEnabled: bot.activeTool === 'notion' };
  }

  /**
   * Exactly one tool at a time: choosing one turns the other off. A tool may be chosen before its
   * configuration is saved (the editor offers the choice first, then the form): until then it is
   * inert, neither syncing nor capturing leads. When its configuration exists, it syncs at once.
   */
  async setTool(ownerId: string, rawInput: unknown): Promise<SaveResult> {
    const input = parseInput(toolInput, rawInput);
    const bot = await findOwnedBot(this.deps.prisma, ownerId, input.botId);
    const updated = await this.deps.prisma.bot.update({ where: { id: bot.id }, data: { activeTool: input.toolName } });
    await this.deps.events.record({
      event: `Data tool of ${bot.name} set to ${input.toolName}`,
      category: EVENT_CATEGORY,
      userId: ownerId,
    });
    const configured =
      input.toolName === 'sheet'
        ? await this.deps.prisma.sheetConfig.count({ where: { botId: bot.id } })
        : input.toolName === 'notion'
          ? await this.deps.prisma.notionConfig.count({ where: { botId: bot.id } })
          : 0;
    const syncProblem = configured && input.toolName !== 'none' ? await this.syncAfterSave(updated, input.toolName) : null;
    return { bot: updated, created: false, syncProblem };
  }

  // ---------------------------------------------------------------- configurations

  async sheetConfig(ownerId: string, botId: string): Promise<SheetConfig> {
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    const config = await this.deps.prisma.sheetConfig.findUnique({ where: { botId: bot.id } });
    if (!config) throw dataToolErrors.noSheetConfig();
    return config;
  }

  /** Saves both sheets (creating or replacing the config), then syncs the incoming one when the tool is on. */
  async saveSheetConfig(ownerId: string, rawInput: unknown): Promise<SaveResult> {
    const input = parseInput(sheetConfigInput, rawInput);
    const bot = await findOwnedBot(this.deps.prisma, ownerId, input.botId);
    const data = {
      incomingSpreadsheetId: input.incomingSpreadsheetId,
      incomingSpreadsheetName: input.incomingSpreadsheetName ?? '',
      incomingSheetName: input.incomingSheetName,
      completedSpreadsheetId: input.completedSpreadsheetId,
      completedSpreadsheetName: input.completedSpreadsheetName ?? '',
      completedSheetName: input.completedSheetName,
      isActive: input.isActive ?? true,
    };
    const existing = await this.deps.prisma.sheetConfig.findUnique({ where: { botId: bot.id }, select: { id: true } });
    await this.deps.prisma.sheetConfig.upsert({ where: { botId: bot.id }, create: { botId: bot.id, ...data }, update: data });
    const syncProblem = bot.activeTool === 'sheet' ? await this.syncAfterSave(bot, 'sheet') : null;
    return { bot, created: !existing, syncProblem };
  }

  async notionConfig(ownerId: string, botId: string): Promise<NotionConfigView> {
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    const config = await this.deps.prisma.notionConfig.findUnique({ where: { botId: bot.id } });
    if (!config) throw dataToolErrors.noNotionConfig();
    return this.notionView(config);
  }

  /** The config as the owner reads it back: the key masked like every secret, never in clear. */
  notionView(config: NotionConfig): NotionConfigView {
    return {
      botId: config.botId,
      apiKeyMasked: maskSecret(this.readSecret(config.encryptedApiKey) ?? ''),
      readDatabaseId: config.readDatabaseId,
      writeDatabaseId: config.writeDatabaseId,
      isActive: config.isActive,
    };
  }

  /**
   * Creates the config (the API key is required) or updates it (an empty key keeps the stored
   * one); the key is stored encrypted. Syncs the read database when the tool is on.
   */
  async saveNotionConfig(ownerId: string, rawInput: unknown): Promise<SaveResult> {
    const input = parseInput(notionConfigInput, rawInput);
    const bot = await findOwnedBot(this.deps.prisma, ownerId, input.botId);
    const existing = await this.deps.prisma.notionConfig.findUnique({ where: { botId: bot.id }, select: { id: true } });
    if (!existing && !input.apiKey) throw dataToolErrors.apiKeyRequired();
    const data = {
      readDatabaseId: input.readDatabaseId,
      writeDatabaseId: input.writeDatabaseId,
      isActive: input.isActive ?? true,
      ...(input.apiKey ? { encryptedApiKey: this.deps.secrets.encrypt(input.apiKey) } : {}),
    };
    if (existing) await this.deps.prisma.notionConfig.update({ where: { botId: bot.id }, data });
    else await this.deps.prisma.notionConfig.create({ data: { botId: bot.id, encryptedApiKey: '', ...data } });
    const syncProblem = bot.activeTool === 'notion' ? await this.syncAfterSave(bot, 'notion') : null;
    return { bot, created: !existing, syncProblem };
  }

  /** The Notion key and ids of a bot whose access the caller has checked (leads.ts writes with them). */
  async notionAccess(botId: string): Promise<{ apiKey: string; config: NotionConfig }> {
    const config = await this.deps.prisma.notionConfig.findUnique({ where: { botId } });
    if (!config) throw dataToolErrors.noNotionConfig();
    const apiKey = this.readSecret(config.encryptedApiKey);
    if (!apiKey) throw dataToolErrors.apiKeyRequired();
    return { apiKey, config };
  }

  // ---------------------------------------------------------------- knowledge sync

  /**
   * Reads the active tool's incoming data into the bot's knowledge now, replacing the previous copy.
   * Nothing is removed when the source cannot be read: the error says why, as a ValidationError.
   */
  async sync(ownerId: string, botId: string): Promise<Bot> {
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    if (bot.activeTool === 'none') throw dataToolErrors.noTool();
    await this.syncSource(bot, bot.activeTool);
    return bot;
  }

  // ---------------------------------------------------------------- scheduled syncs

  /** Asks the job queue for the scheduled syncs' tick every `everyMs` (idempotent across processes). */
  startTicking(everyMs = SYNC_TICK_MS): Promise<void> {
    return this.deps.queue.repeat(SYNC_TICK_QUEUE, everyMs);
  }

  /**
   * Sets how often the bot's current tool (its configuration saved) syncs on its own, as the owner's
   * paid plan allows (see allowedSchedulesOf); answers the bot.
   */
  async setSyncSchedule(ownerId: string, rawInput: unknown): Promise<Bot> {
    const input = parseInput(syncScheduleInput, rawInput);
    const bot = await findOwnedBot(this.deps.prisma, ownerId, input.botId);
    if (bot.activeTool === 'none') throw dataToolErrors.noTool();
    if (!(await allowedSchedules(this.deps.prisma, ownerId, this.deps.clock.now())).includes(input.schedule)) {
      throw dataToolErrors.scheduleNotAllowed(input.schedule);
    }
    const nextSyncAt = input.schedule === 'OFF' ? null : new Date(this.deps.clock.now().getTime() + SCHEDULE_PERIOD_MS[input.schedule]);
    const data = { syncSchedule: input.schedule, nextSyncAt };
    const updated =
      bot.activeTool === 'sheet'
        ? await this.deps.prisma.sheetConfig.updateMany({ where: { botId: bot.id }, data })
        : await this.deps.prisma.notionConfig.updateMany({ where: { botId: bot.id }, data });
    if (updated.count === 0) throw bot.activeTool === 'sheet' ? dataToolErrors.noSheetConfig() : dataToolErrors.noNotionConfig();
    await this.deps.changes?.botChanged(bot.id);
    return bot;
  }

  /**
   * One tick: claims the due configurations (moving their next time on in one UPDATE, so replicas
   * ticking together sync each once) and syncs those of the bot's current tool. A schedule the
   * owner's plan no longer allows is turned OFF instead. Resolves with the syncs run.
   */
  async syncDue(): Promise<number> {
    const now = this.deps.clock.now();
    let synced = 0;
    for (const tool of ['sheet', 'notion'] as const) {
      for (const due of await this.claimDue(tool, now)) {
        const bot = await this.deps.prisma.bot.findUnique({ where: { id: due.botId } });
        if (!bot || bot.activeTool !== tool) continue;
        if (!(await allowedSchedules(this.deps.prisma, bot.ownerId, now)).includes(due.syncSchedule)) {
          const off = { syncSchedule: 'OFF' as const, nextSyncAt: null };
          if (tool === 'sheet') await this.deps.prisma.sheetConfig.update({ where: { botId: bot.id }, data: off });
          else await this.deps.prisma.notionConfig.update({ where: { botId: bot.id }, data: off });
          await this.deps.changes?.botChanged(bot.id);
          continue;
        }
        await this.syncAfterSave(bot, tool);
        synced++;
      }
    }
    return synced;
  }

  private claimDue(tool: 'sheet' | 'notion', now: Date): Promise<{ botId: string; syncSchedule: CrawlSchedule }[]> {
    const table = Prisma.raw(tool === 'sheet' ? '"sheet_configs"' : '"notion_configs"');
    return this.deps.prisma.$queryRaw(Prisma.sql`
      UPDATE ${table}
      SET "nextSyncAt" = CASE "syncSchedule" WHEN 'DAILY' THEN ${new Date(now.getTime() + SCHEDULE_PERIOD_MS.DAILY)}::timestamp
                                             ELSE ${new Date(now.getTime() + SCHEDULE_PERIOD_MS.WEEKLY)}::timestamp END
      WHERE "id" IN (
        SELECT "id" FROM ${table} WHERE "nextSyncAt" <= ${now}::timestamp
        ORDER BY "nextSyncAt" LIMIT ${SYNC_CLAIM_BATCH} FOR UPDATE SKIP LOCKED
      ) AND "nextSyncAt" <= ${now}::timestamp
      RETURNING "botId", "syncSchedule"
    `);
  }

  /** After a save: a failed sync does not undo the save; it is logged, recorded and returned. */
  private async syncAfterSave(bot: Bot, tool: ActiveTool): Promise<string | null> {
    try {
      await this.syncSource(bot, tool);
      return null;
    } catch (error) {
      if (!(error instanceof AppError)) this.deps.logger.warn({ err: error, botId: bot.id, tool }, 'data tool sync after save failed');
      const problem = error instanceof AppError ? error.message : 'The data could not be read just now. Please sync again later.';
      await this.deps.events.record({
        event: `Data tool sync failed for ${bot.name}`,
        category: EVENT_CATEGORY,
        details: problem,
        userId: bot.ownerId,
      });
      return problem;
    }
  }

  private async syncSource(bot: Bot, tool: ActiveTool): Promise<void> {
    // Read first: when the source cannot be read, the knowledge synced before stays as it was.
    const { title, markdown } = tool === 'sheet' ? await this.sheetKnowledge(bot) : await this.notionKnowledge(bot);
    const fileName = `${SOURCE_LABEL[tool]} – ${title}`
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 180);
    const data = Buffer.from(markdown, 'utf8');
    const config =
      tool === 'sheet'
        ? await this.deps.prisma.sheetConfig.findUniqueOrThrow({ where: { botId: bot.id } })
        : await this.deps.prisma.notionConfig.findUniqueOrThrow({ where: { botId: bot.id } });
    const previous = config.syncedDocumentId
      ? await this.deps.prisma.document.findFirst({ where: { id: config.syncedDocumentId, botId: bot.id } })
      : null;
    const sameContent = previous !== null && previous.status !== 'failed' && previous.contentHash === sha256Hex(markdown);
    if (sameContent && previous.fileName === fileName) return;
    // The previous copy goes once the new one is accepted (so an upload refusal loses nothing),
    // or first when only its name changes (the knowledge refuses the same content twice).
    if (sameContent) await this.removeDocument(bot, previous);
    const document = await this.ingest(bot, fileName, data);
    if (tool === 'sheet') await this.deps.prisma.sheetConfig.update({ where: { botId: bot.id }, data: { syncedDocumentId: document.id } });
    else await this.deps.prisma.notionConfig.update({ where: { botId: bot.id }, data: { syncedDocumentId: document.id } });
    if (previous && !sameContent) await this.removeDocument(bot, previous);
    await this.deps.events.record({
      event: `Data tool synced: ${fileName} into ${bot.name}`,
      category: EVENT_CATEGORY,
      userId: bot.ownerId,
    });
  }

  /** Through the upload pipeline; its refusals (too large, same content as another document) as ValidationErrors. */
  private async ingest(bot: Bot, fileName: string, data: Buffer): Promise<Document> {
    try {
      return await this.deps.knowledge.ingestUpload(bot.id, { fileName, data, truncated: false }, SYNC_RULES);
    } catch (error) {
      if (error instanceof AppError && !(error instanceof ValidationError) && !(error instanceof NotFoundError))
        throw new ValidationError(error.message, [], error.code);
      throw error;
    }
  }

  private async removeDocument(bot: Bot, document: Document): Promise<void> {
    await this.deps.knowledge.deleteDocument(bot.ownerId!, bot.id, document.id).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, botId: bot.id, documentId: document.id }, 'could not remove the previously synced document');
    });
  }

  private async sheetKnowledge(bot: Bot): Promise<{ title: string; markdown: string }> {
    const config = await this.deps.prisma.sheetConfig.findUnique({ where: { botId: bot.id } });
    if (!config) throw dataToolErrors.noSheetConfig();
    const sheets = await this.deps.google.sheetsFor(bot.ownerId!);
    if (!sheets) throw dataToolErrors.googleNotConnected();
    let rows: string[][];
    try {
      rows = await readSheetRows(sheets, config.incomingSpreadsheetId, config.incomingSheetName);
    } catch (error) {
      const status = googleStatus(error);
      this.deps.logger.warn({ err: error, botId: bot.id, status }, 'reading the incoming sheet failed');
      if (status === 401 || status === 403) throw dataToolErrors.sheetRefused();
      if (status === 400 || status === 404) throw dataToolErrors.sheetNotFound(config.incomingSheetName);
      throw dataToolErrors.sheetUnreadable();
    }
    if (rows.length < 2) throw dataToolErrors.sheetEmpty();
    const title = `${config.incomingSpreadsheetName || config.incomingSpreadsheetId} › ${config.incomingSheetName}`;
    return { title, markdown: rowsAsMarkdown(title, rows) };
  }

  private async notionKnowledge(bot: Bot): Promise<{ title: string; markdown: string }> {
    const { apiKey, config } = await this.notionAccess(bot.id);
    let database: Awaited<ReturnType<NotionData['readDatabase']>>;
    try {
      database = await this.deps.notion.readDatabase(apiKey, config.readDatabaseId);
    } catch (error) {
      const problem = notionProblem(error);
      this.deps.logger.warn({ err: error, botId: bot.id }, 'reading the Notion read database failed');
      throw problem
        ? dataToolErrors.notion(problem)
        : dataToolErrors.notion('Notion could not be reached just now. Please try again in a moment.');
    }
    if (database.pages.length === 0) throw dataToolErrors.notionEmpty();
    const sections = database.pages.map((page) => `## ${page.title}\n\n${page.lines.map((line) => `- ${line}`).join('\n')}`);
    return { title: database.title, markdown: `# ${database.title}\n\n${sections.join('\n\n')}\n` };
  }

  private readSecret(sealed: string): string | undefined {
    if (!sealed) return undefined;
    try {
      return this.deps.secrets.decrypt(sealed);
    } catch (error) {
      if (error instanceof SecretBoxError) return undefined;
      throw error;
    }
  }
}
