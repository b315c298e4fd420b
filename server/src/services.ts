import { AdminConfigStore } from './platform/settings.ts';
import { PlatformAi } from './domains/admin/platformAi.ts';
import { AdminService } from './domains/admin/service.ts';
import { SuspendedWork } from './domains/admin/suspendedWork.ts';
import { AuthService } from './domains/auth/service.ts';
import { BillingService } from './domains/billing/service.ts';
import { BotsService } from './domains/bots/service.ts';
import { ChatLogs } from './domains/chat/logs.ts';
import { AnswerContextCache } from './domains/chat/answerContexts.ts';
import { ChatService } from './domains/chat/service.ts';
import { DashboardService } from './domains/dashboard/service.ts';
import { DemoService } from './domains/demo/service.ts';
import { recordingRefusals } from './domains/events/rateLimitEvents.ts';
import { EventsService } from './domains/events/service.ts';
import { CrawlService } from './domains/knowledge/crawling/crawls.ts';
import { HandoffService } from './domains/inbox/handoffService.ts';
import { InboxService } from './domains/inbox/service.ts';
import { CrawlScheduleService } from './domains/knowledge/crawling/schedules.ts';
import { QaPairService } from './domains/knowledge/qa/service.ts';
import { KnowledgeService } from './domains/knowledge/service.ts';
import { SystemService } from './domains/system/service.ts';
import type { Platform } from './platform/index.ts';
import { ResponseCache } from './graphql/responseCache.ts';
import type { ChatModelEndpoint } from './platform/llm/index.ts';
import { DataToolService } from './domains/integrations/dataTool/dataTool.ts';
import { GoogleIntegrations } from './domains/integrations/google/google.ts';
import { LeadCapture } from './domains/integrations/leads/leads.ts';
import { NotionData } from './domains/integrations/dataTool/notionData.ts';
import { WhatsAppCloudApi } from './domains/whatsapp/graphApi.ts';
import { WhatsAppService } from './domains/whatsapp/service.ts';

/** The domain services, built once per process from the platform adapters. */
export interface Services {
  admin: AdminService;
  auth: AuthService;
  billing: BillingService;
  bots: BotsService;
  chat: ChatService;
  chatLogs: ChatLogs;
  crawls: CrawlService;
  /** Websites crawled again daily or weekly, as the owner's plan allows. */
  crawlSchedules: CrawlScheduleService;
  dashboard: DashboardService;
  dataTool: DataToolService;
  demo: DemoService;
  events: EventsService;
  google: GoogleIntegrations;
  /** The owners' inbox: their bots' conversations, who answers each, and their replies. */
  inbox: InboxService;
  /** Visitors asking for a person: the bots' settings, the waits, the addresses left for replies. */
  handoff: HandoffService;
  knowledge: KnowledgeService;
  /** The owners' Q&A pairs, knowledge beside documents and websites. */
  qaPairs: QaPairService;
  /** Customers' GraphQL responses of the last seconds, and what tells them apart from stale ones. */
  responses: ResponseCache;
  system: SystemService;
  whatsapp: WhatsAppService;
}

export function createServices(platform: Platform): Services {
  const { prisma, clock, config } = platform;
  const responses = new ResponseCache({
    revocations: platform.revocations,
    clock,
    prisma,
    logger: platform.logger.child({ component: 'responseCache' }),
  });
  const events = new EventsService({ prisma, clock, pubsub: platform.pubsub, changes: responses });
  const rateLimiter = recordingRefusals(platform.rateLimiter, events, (error) =>
    platform.logger.warn({ err: error }, 'could not record a rate-limit refusal'),
  );
  const suspendedWork = new SuspendedWork({
    prisma,
    queue: platform.queue,
    clock,
    logger: platform.logger.child({ component: 'suspendedWork' }),
  });
  const knowledge = new KnowledgeService(platform, events, responses, suspendedWork);
  const qaPairs = new QaPairService({
    prisma,
    changes: responses,
    cache: { revocations: platform.revocations, clock, logger: platform.logger.child({ component: 'qaPairs' }) },
  });
  const adminConfig = new AdminConfigStore({ prisma, secrets: platform.secrets });
  const platformAi = new PlatformAi({ adminConfig, ai: config.ai });
  const billing = new BillingService({
    prisma,
    clock,
    events,
    secrets: platform.secrets,
    adminConfig,
    publicUrl: config.publicUrl,
    stripe: config.stripe,
    logger: platform.logger.child({ domain: 'billing' }),
  });
  const google = new GoogleIntegrations({
    prisma,
    clock,
    secrets: platform.secrets,
    revocations: platform.revocations,
    appSecret: config.appSecret,
    events,
    logger: platform.logger.child({ domain: 'google' }),
    google: config.google,
    publicUrl: config.publicUrl,
  });
  const notion = new NotionData(config.notion.apiUrl, platform.logger.child({ domain: 'notion' }));
  const dataTool = new DataToolService({
    prisma,
    clock,
    queue: platform.queue,
    changes: responses,
    secrets: platform.secrets,
    events,
    logger: platform.logger.child({ domain: 'dataTool' }),
    knowledge,
    google,
    notion,
  });
  // Leads ask the chat which model answers a bot (once both exist); the chat tells them of exchanges.
  const leads: LeadCapture = new LeadCapture({
    prisma,
    clock,
    queue: platform.queue,
    events,
    changes: responses,
    holds: suspendedWork,
    logger: platform.logger.child({ domain: 'leads' }),
    google,
    notion,
    dataTool,
    publicUrl: config.publicUrl,
    modelFor: async (bot, channel): Promise<ChatModelEndpoint | null> => {
      const answerer = await chat.answererFor(bot, channel);
      return answerer.kind === 'model' ? answerer : null;
    },
  });
  const handoff = new HandoffService({
    prisma,
    clock,
    logger: platform.logger.child({ domain: 'handoff' }),
    queue: platform.queue,
    mailer: platform.mailer,
    publicUrl: config.publicUrl,
    pubsub: platform.pubsub,
    changes: responses,
    recordLead: (lead) => leads.recordGivenEmail(lead),
  });
  const chat: ChatService = new ChatService({
    prisma,
    query: platform.database.query,
    clock,
    rateLimiter,
    logger: platform.logger.child({ domain: 'chat' }),
    billing,
    platformAi,
    retrieve: (botId, query, options) => knowledge.retrieve(botId, query, options),
    knownAnswersOf: (botId) => qaPairs.knownAnswersOf(botId),
    afterExchange: (exchange) => leads.afterExchange(exchange),
    changes: responses,
    pubsub: platform.pubsub,
    contexts: new AnswerContextCache({
      revocations: platform.revocations,
      clock,
      logger: platform.logger.child({ component: 'answerContexts' }),
    }),
    timeSpent: (channel, stage, ms) => platform.metrics.answerStages.observe({ channel, stage }, ms / 1000),
    handoff,
  });
  const crawls = new CrawlService({
    prisma,
    clock,
    queue: platform.queue,
    pubsub: platform.pubsub,
    blobs: platform.blobs,
    logger: platform.logger.child({ domain: 'crawls' }),
    allowPrivateNetworks: config.crawl.allowPrivateNetworks,
    maxPages: config.crawl.maxPages,
    events,
    changes: responses,
    holds: suspendedWork,
    knowledge,
  });
  const crawlSchedules = new CrawlScheduleService({
    prisma,
    clock,
    queue: platform.queue,
    logger: platform.logger.child({ domain: 'crawlSchedules' }),
    crawls,
    changes: responses,
  });

  const auth = new AuthService({
    prisma,
    clock,
    mailer: platform.mailer,
    rateLimiter,
    revocations: platform.revocations,
    logger: platform.logger.child({ component: 'auth' }),
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
    events,
    trials: billing.trials,
  });

  const whatsapp = new WhatsAppService({
    prisma,
    clock,
    queue: platform.queue,
    adminConfig,
    api: new WhatsAppCloudApi(config.whatsapp.apiUrl),
    appSecret: config.whatsapp.appSecret,
    events,
    logger: platform.logger.child({ domain: 'whatsapp' }),
    answer: (bot, phoneNumber, text, senderName) => chat.whatsappChat(bot, phoneNumber, text, senderName),
  });
  return {
    admin: new AdminService({
      prisma,
      clock,
      events,
      adminConfig,
      billing,
      mailer: platform.mailer,
      sessions: auth,
      changes: responses,
      work: suspendedWork,
    }),
    auth,
    bots: new BotsService({
      prisma,
      clock,
      blobs: platform.blobs,
      logger: platform.logger.child({ domain: 'bots' }),
      publicUrl: config.publicUrl,
      knowledge,
      crawls,
      qaPairs,
      platformAi,
    }),
    billing,
    chat,
    chatLogs: new ChatLogs({ prisma, clock, knownAnswersOf: (botId) => qaPairs.knownAnswersOf(botId) }),
    crawls,
    crawlSchedules,
    dashboard: new DashboardService({ prisma, query: platform.database.query, clock }),
    demo: new DemoService({ prisma, clock, rateLimiter, blobs: platform.blobs, knowledge, chat, crawls }),
    inbox: new InboxService({
      prisma,
      clock,
      logger: platform.logger.child({ domain: 'inbox' }),
      pubsub: platform.pubsub,
      changes: responses,
      mailer: platform.mailer,
      sendToWhatsApp: (reply) => whatsapp.sendPersonReply(reply),
    }),
    knowledge,
    qaPairs,
    events,
    responses,
    google,
    dataTool,
    handoff,
    system: new SystemService({ platform }),
    whatsapp,
  };
}
