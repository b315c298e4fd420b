// Leads: when a visitor leaves contact details in a conversation (any channel) with a bot whose
// data tool is on, one lead per conversation is stored and written to the completed sheet or the
// Notion write database. With a model, the model decides through a `record_lead` tool call;
// offline, a rule finds the details (leadsRules.ts). All of it runs in jobs, after the answer.
import { tool } from '@langchain/core/tools';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Bot, Channel, Lead, Prisma, PrismaClient } from '../../../generated/prisma/client.ts';
import type { Clock } from '../../../platform/clock/index.ts';
import { AppError } from '../../../errors.ts';
import { isUniqueViolation } from '../../../platform/database/errors.ts';
import { createChatModel, type ChatModelEndpoint } from '../../../platform/llm/index.ts';
import type { JobQueue } from '../../../platform/queue/index.ts';
import type { DataChanges } from '../../../platform/dataChanges.ts';
import type { WorkHolds } from '../../admin/public.ts';
import type { Exchange } from '../../chat/service.ts';
import type { GivenEmail } from '../../inbox/public.ts';
import type { EventRecorder } from '../../events/service.ts';
import type { ActiveTool, DataToolService } from '../dataTool/dataTool.ts';
import { EVENT_CATEGORY } from '../eventCategory.ts';
import { dataToolErrors } from '../dataTool/dataToolErrors.ts';
import { appendLeadRow, googleStatus } from '../dataTool/dataToolSheets.ts';
import type { GoogleIntegrations } from '../google/google.ts';
import { contactDetailsIn, type ContactDetails, type LeadRow } from './leadsRules.ts';
import { notionProblem, notionTransient, type NotionData } from '../dataTool/notionData.ts';

const DETECT_QUEUE = 'leads.detect';
const DELIVER_QUEUE = 'leads.deliver';
const DESTINATION_LABEL: Record<ActiveTool, string> = { sheet: 'the completed Google Sheet', notion: 'the Notion write database' };
const MAX_QUESTION_LENGTH = 2000;
const MODEL_TIMEOUT_MS = 30_000;

const recordLeadArgs = z.object({
  name: z.string().nullable().describe("The visitor's name, if they gave it"),
  email: z.string().nullable().describe('The email address they gave, if any'),
  phone: z.string().nullable().describe('The phone number they gave, if any'),
});

interface DetectJob {
  sessionId: string;
  questionId: string;
  /** The exchange was answered by a model: the model decides (its settings are looked up again, never queued). */
  byModel: boolean;
}

interface LeadCaptureDependencies {
  prisma: PrismaClient;
  clock: Clock;
  queue: JobQueue;
  events: EventRecorder;
  /** Told of each new lead: the owner's cached responses do not list it. */
  changes?: DataChanges;
  /** Asked before a lead is looked for or delivered: a suspended owner's wait. */
  holds?: WorkHolds;
  logger: Logger;
  google: Pick<GoogleIntegrations, 'sheetsFor'>;
  notion: NotionData;
  dataTool: Pick<DataToolService, 'notionAccess'>;
  publicUrl: string;
  /** The model that answers this bot on this channel, or null when answers are extractive. */
  modelFor: (bot: Bot, channel: Channel) => Promise<ChatModelEndpoint | null>;
}

export class LeadCapture {
  constructor(private readonly deps: LeadCaptureDependencies) {
    deps.queue.register<DetectJob>(DETECT_QUEUE, (job) => this.detect(job), { attempts: 2, backoffMs: 2_000 });
    deps.queue.register<{ leadId: string }>(DELIVER_QUEUE, (job) => this.deliver(job.leadId), {
      attempts: 3,
      backoffMs: 1_500,
      onFailed: (job, error) => this.deliveryFailed(job.leadId, error),
    });
  }

  /** ChatService's `afterExchange`: queues the lead check (one enqueue; the answer is not kept waiting). */
  async afterExchange({ bot, session, question, answerer }: Exchange): Promise<void> {
    if (bot.activeTool === 'none' || !bot.ownerId || session.channel === 'demo') return;
    const job: DetectJob = { sessionId: session.id, questionId: question.id, byModel: answerer.kind === 'model' };
    await this.deps.queue.enqueue(DETECT_QUEUE, job, { jobId: `lead-detect-${question.id}` });
  }

  /**
   * A visitor waiting for a person left an email address for the reply (see HandoffService): the
   * conversation's lead, written where the bot's data tool writes leads when one is ready, and kept
   * in the owner's leads either way. A conversation with a lead already gets the address if it had none.
   */
  async recordGivenEmail(given: GivenEmail): Promise<void> {
    const { prisma } = this.deps;
    const session = await prisma.chatSession.findUnique({ where: { id: given.sessionId }, include: { bot: true } });
    if (!session) return;
    const existing = await prisma.lead.findUnique({ where: { sessionId: given.sessionId } });
    if (existing) {
      if (!existing.email) await prisma.lead.update({ where: { id: existing.id }, data: { email: given.email } });
      await this.deps.changes?.customersChanged([given.ownerId]);
      return;
    }
    const tool = session.bot.activeTool;
    const destination = tool !== 'none' && (await this.destinationReady(given.botId, tool)) ? tool : 'none';
    await this.storeLead({
      botId: given.botId,
      ownerId: given.ownerId,
      sessionId: given.sessionId,
      channel: given.channel,
      name: session.visitorName,
      email: given.email,
      phone: session.phoneNumber,
      question: given.question,
      conversationLink: `${this.deps.publicUrl}/inbox?conversation=${encodeURIComponent(given.sessionId)}`,
      destination,
    });
  }

  /**
   * Stores a conversation's lead and queues its delivery (none for a lead kept only in the product);
   * another message of the same conversation getting there first keeps its own: one per conversation.
   */
  private async storeLead(lead: Omit<Prisma.LeadUncheckedCreateInput, 'createdAt'> & { question: string; ownerId: string }) {
    let stored: Lead;
    try {
      stored = await this.deps.prisma.lead.create({
        data: { ...lead, question: lead.question.slice(0, MAX_QUESTION_LENGTH), createdAt: this.deps.clock.now() },
      });
    } catch (error) {
      if (isUniqueViolation(error)) return;
      throw error;
    }
    await this.deps.changes?.customersChanged([lead.ownerId]);
    if (stored.destination !== 'none') {
      await this.deps.queue.enqueue(DELIVER_QUEUE, { leadId: stored.id }, { jobId: `lead-deliver-${stored.id}` });
    }
  }

  // ---------------------------------------------------------------- detection

  private async detect({ sessionId, questionId, byModel }: DetectJob): Promise<void> {
    const { prisma } = this.deps;
    const question = await prisma.chatMessage.findUnique({ where: { id: questionId }, include: { session: { include: { bot: true } } } });
    if (!question) return;
    const { session } = question;
    const { bot } = session;
    const destination = bot.activeTool;
    if (destination === 'none' || !bot.ownerId || !(await this.destinationReady(bot.id, destination))) return;
    // A suspended owner's leads wait to be looked for until they are enabled.
    const held = { queue: DETECT_QUEUE, key: `lead-detect-${questionId}`, payload: { sessionId, questionId, byModel } };
    if (await this.deps.holds?.holdIfSuspended(bot.ownerId, held)) return;
    if (await prisma.lead.findUnique({ where: { sessionId }, select: { id: true } })) return;

    const contact = byModel ? await this.modelDecides(bot, session.channel, question.content) : contactDetailsIn(question.content);
    if (!contact) return;
    await this.storeLead({
      botId: bot.id,
      ownerId: bot.ownerId,
      sessionId,
      channel: session.channel,
      name: contact.name ?? session.visitorName,
      email: contact.email ?? session.visitorEmail,
      phone: contact.phone ?? session.phoneNumber,
      question: question.content,
      conversationLink: `${this.deps.publicUrl}/logs?session=${encodeURIComponent(sessionId)}`,
      destination,
    });
  }

  /** A tool that is chosen but not configured (or switched off) is inert: no lead is taken. */
  private async destinationReady(botId: string, destination: ActiveTool): Promise<boolean> {
    const config =
      destination === 'sheet'
        ? await this.deps.prisma.sheetConfig.findUnique({ where: { botId }, select: { isActive: true } })
        : await this.deps.prisma.notionConfig.findUnique({ where: { botId }, select: { isActive: true } });
    return config?.isActive === true;
  }

  /**
   * The model reads the visitor's message and calls `record_lead` when it holds contact details.
   * A model that cannot be reached (or cannot call tools) leaves the decision to the rule.
   */
  private async modelDecides(bot: Bot, channel: Channel, message: string): Promise<ContactDetails | null> {
    const endpoint = await this.deps.modelFor(bot, channel);
    if (!endpoint) return contactDetailsIn(message);
    const recordLead = tool(async (details) => JSON.stringify(details), {
      name: 'record_lead',
      description:
        'Record the contact details a visitor gave so the business can follow up. Call it only when the message contains an email address or a phone number.',
      schema: recordLeadArgs,
    });
    const model = createChatModel({ ...endpoint, temperature: 0, timeoutMs: MODEL_TIMEOUT_MS });
    if (!model.bindTools) return contactDetailsIn(message);
    let calls;
    try {
      const response = await model.bindTools([recordLead]).invoke([
        [
          'system',
          'You watch a customer-service conversation and record leads. Use the record_lead tool when the message gives contact details.',
        ],
        ['user', message],
      ]);
      calls = response.tool_calls ?? [];
    } catch (error) {
      this.deps.logger.warn({ err: error, botId: bot.id }, 'the model could not decide about a lead; using the rule');
      return contactDetailsIn(message);
    }
    const parsed = recordLeadArgs.partial().safeParse(calls.find((call) => call.name === 'record_lead')?.args);
    if (!parsed.success) return null;
    const email = parsed.data.email?.trim().toLowerCase() || null;
    const phone = parsed.data.phone?.trim() || null;
    const validEmail = email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null;
    const validPhone = phone && /^\d{7,15}$/.test(phone.replace(/\D/g, '')) ? phone : null;
    if (!validEmail && !validPhone) return null;
    return { name: parsed.data.name?.trim() || null, email: validEmail, phone: validPhone };
  }

  // ---------------------------------------------------------------- delivery

  private async deliver(leadId: string): Promise<void> {
    const lead = await this.deps.prisma.lead.findUnique({ where: { id: leadId }, include: { bot: true } });
    if (!lead || lead.deliveredAt || lead.destination === 'none') return;
    if (await this.deps.holds?.holdIfSuspended(lead.ownerId, { queue: DELIVER_QUEUE, key: `lead-deliver-${leadId}`, payload: { leadId } }))
      return;
    const { bot } = lead;
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
      if (lead.destination === 'sheet') await this.appendToSheet(bot.id, lead.ownerId, row);
      else await this.createNotionPage(bot.id, row);
    } catch (error) {
      // A refusal (not connected, no access, no such sheet or database) will not change on a retry.
      if (!(error instanceof AppError)) throw error;
      return this.deliveryFailed(lead.id, error);
    }
    await this.deps.prisma.lead.update({ where: { id: lead.id }, data: { deliveredAt: this.deps.clock.now(), error: null } });
    await this.deps.events.record({
      event: `Lead captured for ${bot.name}`,
      category: EVENT_CATEGORY,
      details: `${[lead.name, lead.email, lead.phone].filter(Boolean).join(', ')} (${lead.channel}), written to ${DESTINATION_LABEL[lead.destination]}`,
      userId: lead.ownerId,
    });
  }

  private async appendToSheet(botId: string, ownerId: string, row: LeadRow): Promise<void> {
    const config = await this.deps.prisma.sheetConfig.findUnique({ where: { botId } });
    if (!config) throw dataToolErrors.noSheetConfig();
    const sheets = await this.deps.google.sheetsFor(ownerId);
    if (!sheets) throw dataToolErrors.googleNotConnected();
    try {
      await appendLeadRow(sheets, config.completedSpreadsheetId, config.completedSheetName, row);
    } catch (error) {
      const status = googleStatus(error);
      if (status === 401 || status === 403) throw dataToolErrors.completedSheetRefused();
      if (status === 400 || status === 404) throw dataToolErrors.completedSheetNotFound(config.completedSheetName);
      throw error;
    }
  }

  private async createNotionPage(botId: string, row: LeadRow): Promise<void> {
    const { apiKey, config } = await this.deps.dataTool.notionAccess(botId);
    try {
      await this.deps.notion.createLeadPage(apiKey, config.writeDatabaseId, row);
    } catch (error) {
      const problem = notionProblem(error);
      throw problem && !notionTransient(error) ? dataToolErrors.notion(problem) : error;
    }
  }

  /** After the last try: the lead stays listed with its error, and the admin's log says why. */
  private async deliveryFailed(leadId: string, error: Error): Promise<void> {
    const lead = await this.deps.prisma.lead.findUnique({ where: { id: leadId }, include: { bot: { select: { name: true } } } });
    if (!lead) return;
    const message = error.message.slice(0, 500);
    await this.deps.prisma.lead.update({ where: { id: lead.id }, data: { error: message } });
    await this.deps.events.record({
      event: `Lead delivery failed for ${lead.bot.name}`,
      category: EVENT_CATEGORY,
      details: message,
      userId: lead.ownerId,
    });
  }
}
