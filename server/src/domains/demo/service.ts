import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Document, PrismaClient, TemplatePrompt, WebSource } from '../../generated/prisma/client.ts';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../errors.ts';
import type { BlobStore } from '../../platform/blob/index.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { sha256Hex } from '../../platform/crypto/index.ts';
import {
  DEFAULT_CONTENT_LANGUAGE,
  parseTranslations,
  translationOf,
  withoutTranslationsOf,
  type ContentLanguage,
  type TranslatedValue,
} from '../../platform/i18n/index.ts';
import type { RateLimiter } from '../../platform/ratelimit/index.ts';
import { enforceRateLimit, enforceRateLimits } from '../../platform/ratelimit/enforce.ts';
import { parseInput } from '../../platform/validation.ts';
import { assertAdmin, type Viewer } from '../auth/public.ts';
import { BOT_LANGUAGES, USE_CASES } from '../bots/public.ts';
import { CHAT_MESSAGES } from '../chat/errors.ts';
import type { ChatReply } from '../chat/service.ts';
import type { UploadRules, UploadedFile } from '../knowledge/public.ts';
import { demoErrors } from './errors.ts';

const DEMO_SESSION_SECONDS = 3600;
const MAX_TEMPLATE_PROMPTS = 3;
export const DEMO_SESSIONS_PER_IP = { limit: 10, windowMs: 60 * 60_000 };
/** Web pages one demo session may read: the demo shows the idea, an account reads whole sites. */
export const DEMO_CRAWLS_PER_SESSION = { limit: 5, windowMs: DEMO_SESSION_SECONDS * 1000 };
/**
 * Demo chat traffic: a visitor trying the product types far slower than the per-minute rules, and
 * an hour of demo needs far fewer answers than the session cap; a script hits them at once.
 */
export const DEMO_CHAT_RATE_LIMITS = {
  perSession: { limit: 10, windowMs: 60_000 },
  perSessionHour: { limit: 60, windowMs: DEMO_SESSION_SECONDS * 1000 },
  perIp: { limit: 30, windowMs: 60_000 },
} as const;
export const DEMO_CHAT_CAP_REACHED = `The demo answers up to ${DEMO_CHAT_RATE_LIMITS.perSessionHour.limit} messages. Sign up to keep chatting with your chatbot.`;
/** The demo's upload rule (spec): PDF, TXT or Markdown, at most 2 MB each. */
const DEMO_UPLOAD_RULES: UploadRules = { maxBytes: 2 * 1024 * 1024, accepted: ['pdf', 'txt', 'md'] };

const sessionTokenInput = z
  .string({ error: 'demo_user_session_token is required' })
  .trim()
  .min(1, { error: 'demo_user_session_token is required' })
  .max(200);

const createDemoBotInput = z.object({
  templatePromptId: z.string({ error: 'template_prompt_id is required' }).trim().min(1, { error: 'template_prompt_id is required' }),
  sessionToken: sessionTokenInput,
});

const demoChatInput = z.object({
  botId: z.string({ error: 'bot_id is required' }).trim().min(1, { error: 'bot_id is required' }),
  sessionToken: sessionTokenInput,
  question: z.unknown(),
});

const demoCrawlInput = z.object({
  url: z.string({ error: 'url is required' }).trim().min(1, { error: 'Please enter a valid website URL.' }),
});

const templateFields = {
  useCase: z.enum(USE_CASES, { error: `use_case must be one of: ${USE_CASES.join(', ')}` }),
  title: z.string({ error: 'Title is required' }).trim().min(1, { error: 'Title is required' }).max(120),
  description: z.string().trim().max(500),
  languageCode: z.enum(BOT_LANGUAGES, { error: `language_code must be one of: ${BOT_LANGUAGES.join(', ')}` }),
  promptText: z.string({ error: 'Prompt text is required' }).trim().min(1, { error: 'Prompt text is required' }).max(20_000),
};

const templateInput = z.object({
  ...templateFields,
  useCase: templateFields.useCase.default('custom'),
  description: templateFields.description.default(''),
  languageCode: templateFields.languageCode.default('en'),
});

/** Updates change only the given fields (no defaults). */
const templateUpdateInput = z.object(templateFields).partial();

export interface DemoSessionStatus {
  isValid: boolean;
  isExpired: boolean;
  expiresAt: Date | null;
  /** Where a live session got to, so a reload resumes at its step: its latest bot and how much it knows. */
  demoBot: { id: string; knowledgeCount: number } | null;
}

const TEMPLATE_TAGS: Partial<Record<string, string>> = {
  'customer-support': 'support',
  'lead-generation': 'lead',
  'faq-bot': 'faq',
};

/** The timed public demo: anonymous sessions of one hour, each with bots made from templates. */
interface DemoDependencies {
  prisma: PrismaClient;
  clock: Clock;
  rateLimiter: RateLimiter;
  blobs: BlobStore;
  knowledge: {
    ingestUpload(botId: string, upload: UploadedFile | null, rules: UploadRules): Promise<Document>;
    removeBot(botId: string): Promise<void>;
  };
  chat: { demoChat(bot: { id: string }, demoSessionId: string, rawQuery: unknown): Promise<ChatReply> };
  crawls: {
    startForBot(botId: string, url: string, maxDepth: number): Promise<WebSource>;
    waitFor(started: WebSource): Promise<WebSource>;
  };
}

/**
 * A template in `language` when it carries that translation (its bot then speaks the language);
 * else as written.
 */
export function templateIn(template: TemplatePrompt, language: ContentLanguage): TemplatePrompt {
  const translations = parseTranslations(template.translations)[language];
  if (!translations || language === template.languageCode) return template;
  const text = <T extends TranslatedValue>(field: string, original: T) => translationOf(translations, field, original);
  return {
    ...template,
    title: text('title', template.title),
    description: text('description', template.description),
    features: text('features', template.features),
    promptText: text('promptText', template.promptText),
    languageCode: translations.promptText === undefined ? template.languageCode : language,
  };
}

export class DemoService {
  constructor(private readonly deps: DemoDependencies) {}

  async createSession(ip: string): Promise<{ sessionToken: string; expiresAt: Date }> {
    await enforceRateLimit(
      this.deps.rateLimiter,
      `demo:session:${ip}`,
      DEMO_SESSIONS_PER_IP,
      (seconds) => `Too many demo sessions from this address. Please try again in ${seconds} seconds.`,
    );
    const token = `demo_${randomBytes(24).toString('base64url')}`;
    const expiresAt = new Date(this.deps.clock.now().getTime() + DEMO_SESSION_SECONDS * 1000);
    await this.deps.prisma.demoSession.create({ data: { tokenHash: sha256Hex(token), ipHash: sha256Hex(ip), expiresAt } });
    return { sessionToken: token, expiresAt };
  }

  async checkSession(rawToken: unknown): Promise<DemoSessionStatus> {
    const token = parseInput(sessionTokenInput, rawToken);
    const session = await this.deps.prisma.demoSession.findUnique({ where: { tokenHash: sha256Hex(token) } });
    if (!session) return { isValid: false, isExpired: false, expiresAt: null, demoBot: null };
    const expired = session.expiresAt <= this.deps.clock.now();
    const latest = expired
      ? null
      : await this.deps.prisma.demoBot.findFirst({
          where: { demoSessionId: session.id },
          orderBy: { createdAt: 'desc' },
          select: { botId: true, bot: { select: { _count: { select: { documents: true, webSources: true } } } } },
        });
    const demoBot = latest ? { id: latest.botId, knowledgeCount: latest.bot._count.documents + latest.bot._count.webSources } : null;
    return { isValid: !expired, isExpired: expired, expiresAt: session.expiresAt, demoBot };
  }

  /** The live session for a token; an expired session can do nothing. */
  async requireLiveSession(rawToken: unknown) {
    const token = parseInput(sessionTokenInput, rawToken);
    const session = await this.deps.prisma.demoSession.findUnique({ where: { tokenHash: sha256Hex(token) } });
    if (!session) throw demoErrors.sessionInvalid();
    if (session.expiresAt <= this.deps.clock.now()) throw demoErrors.sessionExpired();
    return session;
  }

  /** The templates as visitors read them in `language`; without one, as the admin wrote them. */
  async templates(language?: ContentLanguage): Promise<TemplatePrompt[]> {
    const templates = await this.deps.prisma.templatePrompt.findMany({ orderBy: { createdAt: 'asc' }, take: MAX_TEMPLATE_PROMPTS });
    return language ? templates.map((template) => templateIn(template, language)) : templates;
  }

  /** A demo bot made from a template in the visitor's language: named, prompted and answering in it when translated. */
  async createDemoBot(rawInput: unknown, language: ContentLanguage = DEFAULT_CONTENT_LANGUAGE) {
    const input = parseInput(createDemoBotInput, rawInput);
    const session = await this.requireLiveSession(input.sessionToken);
    const stored = await this.deps.prisma.templatePrompt.findUnique({ where: { id: input.templatePromptId } });
    if (!stored) throw demoErrors.templateNotFound();
    const template = templateIn(stored, language);
    return this.deps.prisma.demoBot.create({
      data: {
        demoSession: { connect: { id: session.id } },
        templatePrompt: { connect: { id: template.id } },
        expiresAt: session.expiresAt,
        bot: {
          create: {
            name: template.title,
            displayName: template.title,
            useCase: template.useCase,
            description: template.description,
            generatedPrompt: template.promptText,
            languageCode: template.languageCode,
            widgetToken: `demo_${randomUUID()}`,
          },
        },
      },
      include: { bot: true },
    });
  }

  /** A demo bot of this live session, or 404: one visitor cannot reach another's demo bot. */
  async requireDemoBot(rawToken: unknown, botId: unknown) {
    const session = await this.requireLiveSession(rawToken);
    const id = typeof botId === 'string' ? botId.trim() : '';
    const demoBot = id
      ? await this.deps.prisma.demoBot.findFirst({ where: { botId: id, demoSessionId: session.id }, include: { bot: true } })
      : null;
    if (!demoBot) throw demoErrors.demoBotNotFound();
    return demoBot;
  }

  async createTemplate(viewer: Viewer | null, rawInput: unknown): Promise<TemplatePrompt> {
    assertAdmin(viewer);
    const input = parseInput(templateInput, rawInput);
    return this.deps.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('template-prompts'))`;
      if ((await tx.templatePrompt.count()) >= MAX_TEMPLATE_PROMPTS) {
        throw demoErrors.templateLimitReached();
      }
      return tx.templatePrompt.create({
        data: {
          useCase: input.useCase,
          tag: TEMPLATE_TAGS[input.useCase] ?? null,
          title: input.title,
          description: input.description,
          languageCode: input.languageCode,
          promptText: input.promptText,
        },
      });
    });
  }

  async updateTemplate(viewer: Viewer | null, id: string, rawInput: unknown): Promise<TemplatePrompt> {
    assertAdmin(viewer);
    const input = parseInput(templateUpdateInput, rawInput ?? {});
    const existing = await this.deps.prisma.templatePrompt.findUnique({ where: { id } });
    if (!existing) throw demoErrors.templateNotFound();
    // A translation told the old text: an edited field loses its translations.
    const retold = (['title', 'description', 'promptText'] as const).filter(
      (field) => input[field] !== undefined && input[field] !== existing[field],
    );
    return this.deps.prisma.templatePrompt.update({
      where: { id },
      data: {
        translations: withoutTranslationsOf(existing.translations, retold),
        useCase: input.useCase,
        tag: input.useCase === undefined ? undefined : (TEMPLATE_TAGS[input.useCase] ?? null),
        title: input.title,
        description: input.description,
        languageCode: input.languageCode,
        promptText: input.promptText,
      },
    });
  }

  /** Removes a template; demo bots made from it keep running without it. */
  async deleteTemplate(viewer: Viewer | null, id: string): Promise<{ deletedId: string }> {
    assertAdmin(viewer);
    const { count } = await this.deps.prisma.templatePrompt.deleteMany({ where: { id } });
    if (count === 0) throw demoErrors.templateNotFound();
    return { deletedId: id };
  }

  /** Any rejected demo file gets the spec's one message, with the status its reason deserves. */
  async uploadDocument(rawToken: unknown, botId: unknown, upload: UploadedFile | null): Promise<Document> {
    const demoBot = await this.requireDemoBot(rawToken, botId);
    try {
      return await this.deps.knowledge.ingestUpload(demoBot.botId, upload, DEMO_UPLOAD_RULES);
    } catch (error) {
      if (error instanceof PayloadTooLargeError || error instanceof UnsupportedMediaTypeError || error instanceof ValidationError) {
        throw demoErrors.uploadRejected(error);
      }
      throw error;
    }
  }

  /** One web page into a demo bot's knowledge (single pages only), answered once it is read. */
  async crawlWebsite(rawToken: unknown, botId: unknown, rawInput: unknown): Promise<WebSource> {
    const demoBot = await this.requireDemoBot(rawToken, botId);
    const input = parseInput(demoCrawlInput, rawInput);
    await enforceRateLimit(
      this.deps.rateLimiter,
      `demo:crawl:${demoBot.demoSessionId}`,
      DEMO_CRAWLS_PER_SESSION,
      () => `The demo reads up to ${DEMO_CRAWLS_PER_SESSION.limit} web pages. Sign up to add whole websites.`,
    );
    return this.deps.crawls.waitFor(await this.deps.crawls.startForBot(demoBot.botId, input.url, 0));
  }

  async chat(rawInput: unknown, ip: string): Promise<ChatReply> {
    const input = parseInput(demoChatInput, rawInput);
    const demoBot = await this.requireDemoBot(input.sessionToken, input.botId);
    await enforceRateLimits(this.deps.rateLimiter, [
      { key: `demo:chat:ip:${ip}`, rule: DEMO_CHAT_RATE_LIMITS.perIp, message: CHAT_MESSAGES.tooManyMessages },
      { key: `demo:chat:session:${demoBot.demoSessionId}`, rule: DEMO_CHAT_RATE_LIMITS.perSession, message: CHAT_MESSAGES.tooManyMessages },
      {
        key: `demo:chat:session-hour:${demoBot.demoSessionId}`,
        rule: DEMO_CHAT_RATE_LIMITS.perSessionHour,
        message: () => DEMO_CHAT_CAP_REACHED,
      },
    ]);
    return this.deps.chat.demoChat(demoBot.bot, demoBot.demoSessionId, input.question);
  }

  /** Removes demo bots and sessions past their hour, with their vectors, files, chunks and chats. */
  async purgeExpired(): Promise<number> {
    const now = this.deps.clock.now();
    const expired = await this.deps.prisma.demoBot.findMany({ where: { expiresAt: { lte: now } }, select: { botId: true } });
    for (const { botId } of expired) {
      await this.deps.knowledge.removeBot(botId);
      await this.deps.blobs.deletePrefix(`bots/${botId}/`);
      await this.deps.prisma.bot.delete({ where: { id: botId } });
    }
    await this.deps.prisma.demoSession.deleteMany({ where: { expiresAt: { lte: now } } });
    return expired.length;
  }
}
