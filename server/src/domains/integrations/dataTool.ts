// The bot's data tool: Google Sheet or Notion (exactly one, or none). Its incoming data becomes part
// of the bot's knowledge; contact details visitors leave become leads written back to it.
import { tool } from '@langchain/core/tools';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Bot, BotTool, Channel, Lead, NotionConfig, PrismaClient, SheetConfig } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { SecretBoxError, type SecretBox } from '../../platform/crypto/index.ts';
import { isUniqueViolation } from '../../platform/database/errors.ts';
import { createChatModel, type ChatModelEndpoint } from '../../platform/llm/index.ts';
import type { JobQueue } from '../../platform/queue/index.ts';
import { parseInput } from '../../validation.ts';
import { maskApiKey } from '../billing/rules.ts';
import { findOwnedBot } from '../bots/access.ts';
import type { EventRecorder } from '../events/service.ts';
import type { KnowledgeService } from '../knowledge/service.ts';
import type { GoogleIntegrations } from './google.ts';
import { contactDetailsIn, type ContactDetails } from './leadRules.ts';
import { notionProblem, type NotionData } from './notionData.ts';
import { appendLeadRow, readSheetRows, rowsAsMarkdown, type LeadRow } from './sheetsData.ts';
import { dataToolErrors, DATA_TOOL_MESSAGES } from './dataToolErrors.ts';

export const BOT_TOOLS = ['none', 'sheet', 'notion'] as const satisfies readonly BotTool[];
const LEAD_QUEUE = 'lead-capture';
const SYNCED_PREFIX: Record<'sheet' | 'notion', string> = { sheet: 'Google Sheet - ', notion: 'Notion - ' };
const CATEGORY = 'Integrations';

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(300);
const optionalName = z.string().trim().max(300).nullish();

const sheetConfigInput = z.object({
  botId: required(DATA_TOOL_MESSAGES.botIdRequired),
  incomingSpreadsheetId: required(DATA_TOOL_MESSAGES.missingSheet),
  incomingSpreadsheetName: optionalName,
  incomingSheetName: required(DATA_TOOL_MESSAGES.missingSheet),
  completedSpreadsheetId: required(DATA_TOOL_MESSAGES.missingSheet),
  completedSpreadsheetName: optionalName,
  completedSheetName: required(DATA_TOOL_MESSAGES.missingSheet),
  isActive: z.boolean({ error: 'is_active must be true or false' }).nullish(),
});

/** Notion ids are UUIDs, written with or without dashes (as in a database's share link). */
const notionId = (label: string) =>
  z
    .string({ error: `The ${label} is required.` })
    .trim()
    .transform((value) => value.replace(/-/g, '').toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{32}$/, { error: `The ${label} must be a Notion database id (32 hexadecimal characters).` }));

const notionConfigInput = z.object({
  botId: required(DATA_TOOL_MESSAGES.botIdRequired),
  apiKey: z.string().trim().max(500).nullish(),
  readDatabaseId: notionId('read database id'),
  writeDatabaseId: notionId('write database id'),
  isActive: z.boolean({ error: 'is_active must be true or false' }).nullish(),
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

interface DataToolDependencies {
  prisma: PrismaClient;
  clock: Clock;
  secrets: SecretBox;
  queue: JobQueue;
  events: EventRecorder;
  logger: Logger;
  knowledge: KnowledgeService;
  google: GoogleIntegrations;
  notion: NotionData;
  publicUrl: string;
  /** The model that would answer this bot's conversations, or null when answers are extractive. */
  modelFor: (bot: Bot, channel: Channel) => Promise<ChatModelEndpoint | null>;
}

export class DataToolService {
  constructor(private readonly deps: DataToolDependencies) {
    deps.queue.register<{ sessionId: string; questionId: string }>(LEAD_QUEUE, (job) => this.captureLead(job.sessionId, job.questionId), {
      attempts: 3,
      backoffMs: 2000,
    });
  }

  // ---------------------------------------------------------------- the choice

  async toolStatus(ownerId: string, botId: string): Promise<ToolStatus> {
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    return { isSheetEnabled: bot.activeTool === 'sheet', isNotionEnabled: bot.activeTool === 'notion' };
  }

  /** Exactly one tool at a time: choosing one turns the other off. */
  async setTool(ownerId: string, rawInput: unknown): Promise<Bot> {
    const input = parseInput(toolInput, rawInput);
    const bot = await findOwnedBot(this.deps.prisma, ownerId, input.botId);
    const updated = await this.deps.prisma.bot.update({ where: { id: bot.id }, data: { activeTool: input.toolName } });
    await this.deps.events.record({ event: `Data tool of ${bot.name} set to ${input.toolName}`, category: CATEGORY, userId: ownerId });
    return updated;
  }

  // ---------------------------------------------------------------- configurations

  async sheetConfig(ownerId: string, botId: string): Promise<SheetConfig> {
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    const config = await this.deps.prisma.sheetConfig.findUnique({ where: { botId: bot.id } });
    if (!config) throw dataToolErrors.noSheetConfig();
    return config;
  }

  /** Saves both sheets and syncs the incoming one when the tool is on (a failed sync does not undo the save). */
  async saveSheetConfig(ownerId: string, rawInput: unknown): Promise<Bot> {
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
    await this.deps.prisma.sheetConfig.upsert({ where: { botId: bot.id }, create: { botId: bot.id, ...data }, update: data });
    await this.syncQuietly(bot, 'sheet');
    return bot;
  }

  async notionConfig(ownerId: string, botId: string): Promise<NotionConfigView> {
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    const config = await this.deps.prisma.notionConfig.findUnique({ where: { botId: bot.id } });
    if (!config) throw dataToolErrors.noNotionConfig();
    return this.notionView(config);
  }

  notionView(config: NotionConfig): NotionConfigView {
    return {
      botId: config.botId,
      apiKeyMasked: maskApiKey(this.readSecret(config.encryptedApiKey) ?? ''),
      readDatabaseId: config.readDatabaseId,
      writeDatabaseId: config.writeDatabaseId,
      isActive: config.isActive,
    };
  }

  /** Creates the config, or updates it (an empty key keeps the stored one); the key is stored encrypted. */
  async saveNotionConfig(ownerId: string, rawInput: unknown): Promise<{ bot: Bot; created: boolean }> {
    const input = parseInput(notionConfigInput, rawInput);
    const bot = await findOwnedBot(this.deps.prisma, ownerId, input.botId);
    const existing = await this.deps.prisma.notionConfig.findUnique({ where: { botId: bot.id } });
    if (!existing && !input.apiKey) throw dataToolErrors.apiKeyRequired();
    const data = {
      readDatabaseId: input.readDatabaseId,
      writeDatabaseId: input.writeDatabaseId,
      isActive: input.isActive ?? true,
      ...(input.apiKey ? { encryptedApiKey: this.deps.secrets.encrypt(input.apiKey) } : {}),
    };
    if (existing) await this.deps.prisma.notionConfig.update({ where: { botId: bot.id }, data });
    else await this.deps.prisma.notionConfig.create({ data: { botId: bot.id, encryptedApiKey: '', ...data } });
    await this.syncQuietly(bot, 'notion');
    return { bot, created: !existing };
  }

  // ---------------------------------------------------------------- knowledge sync

  /** Reads the active tool's incoming data into the bot's knowledge, replacing the previous copy. */
  async sync(ownerId: string, botId: string): Promise<Bot> {
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    if (bot.activeTool === 'none') throw dataToolErrors.noTool();
    await this.syncSource(bot, bot.activeTool);
    return bot;
  }

  private async syncQuietly(bot: Bot, tool: 'sheet' | 'notion'): Promise<void> {
    const current = await this.deps.prisma.bot.findUniqueOrThrow({ where: { id: bot.id } });
    if (current.activeTool !== tool) return;
    try {
      await this.syncSource(current, tool);
    } catch (error) {
      this.deps.logger.warn({ err: error, botId: bot.id, tool }, 'data tool sync after save failed');
    }
  }

  private async syncSource(bot: Bot, tool: 'sheet' | 'notion'): Promise<void> {
    const { title, markdown } = tool === 'sheet' ? await this.sheetKnowledge(bot) : await this.notionKnowledge(bot);
    const fileName = `${SYNCED_PREFIX[tool]}${title}`.replace(/[\\/:*?"<>|]+/g, ' ').slice(0, 180);
    const previous = await this.deps.prisma.document.findMany({ where: { botId: bot.id, fileName: { startsWith: SYNCED_PREFIX[tool] } } });
    for (const document of previous) await this.deps.knowledge.deleteDocument(bot.ownerId!, bot.id, document.id);
    await this.deps.knowledge.ingestUpload(bot.id, { fileName: `${fileName}.md`, data: Buffer.from(markdown, 'utf8'), truncated: false });
    await this.deps.events.record({ event: `Data tool synced: ${fileName} into ${bot.name}`, category: CATEGORY, userId: bot.ownerId });
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
      this.deps.logger.warn({ err: error, botId: bot.id }, 'reading the incoming sheet failed');
      throw dataToolErrors.sheetUnreadable();
    }
    if (rows.length < 2) throw dataToolErrors.sheetEmpty();
    const title = `${config.incomingSpreadsheetName || config.incomingSpreadsheetId} - ${config.incomingSheetName}`;
    return { title, markdown: rowsAsMarkdown(title, rows) };
  }

  private async notionKnowledge(bot: Bot): Promise<{ title: string; markdown: string }> {
    const { apiKey, config } = await this.notionAccess(bot);
    try {
      const database = await this.deps.notion.readDatabase(apiKey, config.readDatabaseId);
      if (database.pages.length === 0) throw dataToolErrors.notionEmpty();
      const sections = database.pages.map((page) => `## ${page.title}\n\n${page.lines.map((line) => `- ${line}`).join('\n')}`);
      return { title: database.title, markdown: `# ${database.title}\n\n${sections.join('\n\n')}\n` };
    } catch (error) {
      const problem = notionProblem(error);
      if (problem) throw dataToolErrors.notion(problem);
      throw error;
    }
  }

  private async notionAccess(bot: Bot): Promise<{ apiKey: string; config: NotionConfig }> {
    const config = await this.deps.prisma.notionConfig.findUnique({ where: { botId: bot.id } });
    if (!config) throw dataToolErrors.noNotionConfig();
    const apiKey = this.readSecret(config.encryptedApiKey);
    if (!apiKey) throw dataToolErrors.apiKeyRequired();
    return { apiKey, config };
  }

  // ---------------------------------------------------------------- leads

  /** After an answer: queues the lead check of a conversation whose bot has a data tool (once per conversation). */
  async afterExchange(bot: Bot, sessionId: string, questionId: string): Promise<void> {
    if (bot.activeTool === 'none' || !bot.ownerId) return;
    const known = await this.deps.prisma.lead.findUnique({ where: { sessionId }, select: { id: true } });
    if (known) return;
    await this.deps.queue.enqueue(LEAD_QUEUE, { sessionId, questionId });
  }

  private async captureLead(sessionId: string, questionId: string): Promise<void> {
    const { prisma } = this.deps;
    const question = await prisma.chatMessage.findUnique({ where: { id: questionId }, include: { session: { include: { bot: true } } } });
    if (!question || question.session.bot.activeTool === 'none' || !question.session.bot.ownerId) return;
    const { session } = question;
    const bot = session.bot;
    if (await prisma.lead.findUnique({ where: { sessionId } })) return;
    const contact = await this.contactIn(bot, session.channel, question.content, session.visitorName);
    if (!contact) return;
    const destination = bot.activeTool;
    let lead: Lead;
    try {
      lead = await prisma.lead.create({
        data: {
          botId: bot.id,
          ownerId: bot.ownerId!,
          sessionId,
          channel: session.channel,
          name: contact.name,
          email: contact.email,
          phone: contact.phone ?? (session.channel === 'whatsapp' ? session.phoneNumber : null),
          question: question.content.slice(0, 2000),
          conversationLink: `${this.deps.publicUrl}/logs?session=${encodeURIComponent(sessionId)}`,
          destination,
          createdAt: this.deps.clock.now(),
        },
      });
    } catch (error) {
      if (isUniqueViolation(error)) return;
      throw error;
    }
    const row: LeadRow = {
      timestamp: lead.createdAt.toISOString(),
      channel: lead.channel,
      bot: bot.name,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      question: lead.question,
      conversationLink: lead.conversationLink,
    };
    try {
      await this.deliver(bot, destination, row);
      await prisma.lead.update({ where: { id: lead.id }, data: { deliveredAt: this.deps.clock.now(), error: null } });
      await this.deps.events.record({
        event: `Lead captured for ${bot.name}: ${lead.email ?? lead.phone}`,
        category: CATEGORY,
        userId: bot.ownerId,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await prisma.lead.update({ where: { id: lead.id }, data: { error: message.slice(0, 500) } });
      await this.deps.events.record({
        event: `Lead delivery failed for ${bot.name}`,
        category: CATEGORY,
        details: message.slice(0, 500),
        userId: bot.ownerId,
      });
    }
  }

  private async deliver(bot: Bot, destination: BotTool, row: LeadRow): Promise<void> {
    if (destination === 'sheet') {
      const config = await this.deps.prisma.sheetConfig.findUnique({ where: { botId: bot.id } });
      if (!config) throw dataToolErrors.noSheetConfig();
      const sheets = await this.deps.google.sheetsFor(bot.ownerId!);
      if (!sheets) throw dataToolErrors.googleNotConnected();
      await appendLeadRow(sheets, config.completedSpreadsheetId, config.completedSheetName, row);
    } else if (destination === 'notion') {
      const { apiKey, config } = await this.notionAccess(bot);
      try {
        await this.deps.notion.createLeadPage(apiKey, config.writeDatabaseId, row);
      } catch (error) {
        const problem = notionProblem(error);
        throw problem ? new Error(problem) : error;
      }
    }
  }

  /** With a model, the model decides through a tool call; offline, a rule finds the details. */
  private async contactIn(bot: Bot, channel: Channel, message: string, knownName: string | null): Promise<ContactDetails | null> {
    const endpoint = await this.deps.modelFor(bot, channel);
    if (!endpoint) return contactDetailsIn(message);
    const recordLead = tool(async (details) => JSON.stringify(details), {
      name: 'record_lead',
      description:
        'Record the contact details the visitor gave in their message so the business can follow up. Call it only when the message contains an email address or a phone number.',
      schema: z.object({
        name: z.string().nullable().describe("The visitor's name, if given"),
        email: z.string().nullable().describe('The email address, if given'),
        phone: z.string().nullable().describe('The phone number, if given'),
      }),
    });
    const model = createChatModel({ ...endpoint, temperature: 0, timeoutMs: 30_000 });
    if (!model.bindTools) return contactDetailsIn(message);
    const response = await model.bindTools([recordLead]).invoke([
      [
        'system',
        'You watch a customer-service conversation and record leads. Use the record_lead tool when the message gives contact details.',
      ],
      ['user', message],
    ]);
    const call = response.tool_calls?.find((candidate) => candidate.name === 'record_lead');
    if (!call) return null;
    const args = call.args as Partial<ContactDetails>;
    const email = typeof args.email === 'string' && args.email.includes('@') ? args.email.trim().toLowerCase() : null;
    const phone = typeof args.phone === 'string' && /\d{7,}/.test(args.phone.replace(/\D/g, '')) ? args.phone.trim() : null;
    if (!email && !phone) return null;
    return { name: (typeof args.name === 'string' && args.name.trim()) || knownName, email, phone };
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
