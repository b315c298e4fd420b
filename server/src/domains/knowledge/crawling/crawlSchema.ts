import { ConflictError, NotFoundError, ValidationError } from '../../../errors.ts';
import { Prisma } from '../../../generated/prisma/client.ts';
import { builder } from '../../../graphql/builder.ts';
import { BotRef } from '../../bots/schema.ts';
import { ownedWebSourceWhere, type CrawlStatusEvent } from './crawls.ts';
import { CrawlScheduleEnum } from '../schema.ts';

const CrawlStatusEnum = builder.enumType('CrawlStatus', { values: ['pending', 'running', 'completed', 'failed'] as const });

export const WebSourceRef = builder.prismaNode('WebSource', {
  id: { field: 'id' },
  description: "One crawl of a website into a bot's knowledge.",
  // Only the owner of the crawl's bot finds it (the service's owner filter); to anyone else it does not exist.
  findUnique: (id, context) => ownedWebSourceWhere(context.viewer?.id ?? null, id),
  nullable: true,
  authScopes: { authenticated: true },
  fields: (t) => ({
    url: t.exposeString('url'),
    maxDepth: t.exposeInt('maxDepth', { description: '0: the single page, 1: the entire site' }),
    status: t.expose('status', { type: CrawlStatusEnum }),
    runId: t.exposeString('runId'),
    datasetId: t.exposeString('datasetId'),
    itemsCount: t.exposeInt('itemsCount', { description: 'Pages read so far' }),
    pagesSkipped: t.exposeInt('pagesSkipped', { description: 'Pages unchanged since the last crawl' }),
    pagesRemoved: t.exposeInt('pagesRemoved', { description: 'Pages gone from the site, removed from the knowledge' }),
    pagesAdded: t.exposeInt('pagesAdded', { description: 'Pages new to the knowledge, indexed' }),
    pagesChanged: t.exposeInt('pagesChanged', { description: 'Pages whose content changed since the last crawl, indexed again' }),
    scheduled: t.exposeBoolean('scheduled', { description: "Started by the site's schedule rather than by the owner" }),
    crawlSchedule: t.loadable({
      type: CrawlScheduleEnum,
      description:
        "How often this crawl's website (its url and scope) is crawled again on its own; the same for every crawl of it. A schedule the owner's plan no longer allows is turned OFF when it comes due.",
      // Batched per request: a history of crawls costs one query for all their schedules.
      load: (sites: { botId: string; url: string; maxDepth: number }[], context) => context.services.crawlSchedules.schedulesOf(sites),
      resolve: (crawl) => ({ botId: crawl.botId, url: crawl.url, maxDepth: crawl.maxDepth }),
    }),
    costUsage: t.float({ description: 'Dollars', resolve: (crawl) => Number(crawl.costUsage) }),
    durationMs: t.exposeInt('durationMs'),
    memoryUsedMb: t.exposeFloat('memoryUsedMb'),
    errorMessage: t.exposeString('errorMessage', { nullable: true }),
    scrapedAt: t.expose('scrapedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const WebPageRef = builder.prismaObject('WebPage', {
  description: "A page in a bot's knowledge, attributed to the crawl that last read it.",
  // Reached only through a WebSource, which only its bot's owner finds.
  authScopes: { authenticated: true },
  fields: (t) => ({
    url: t.exposeString('url'),
    title: t.exposeString('title'),
    byteSize: t.exposeInt('byteSize'),
    fetchedAt: t.expose('fetchedAt', { type: 'DateTime' }),
  }),
});

builder.prismaObjectField(WebSourceRef, 'pages', (t) =>
  t.relatedConnection('pages', {
    cursor: 'id',
    type: WebPageRef,
    description: 'The pages this crawl put in the knowledge (a later crawl of the same site takes over the pages it reads again).',
    query: () => ({ orderBy: [{ url: 'asc' }, { id: 'asc' }] }),
    totalCount: true,
  }),
);

builder.prismaObjectField(BotRef, 'webSources', (t) =>
  t.relation('webSources', {
    description: 'Crawl history, newest first.',
    query: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 50 },
  }),
);

builder.prismaObjectField(BotRef, 'allowedCrawlSchedules', (t) =>
  t.field({
    type: [CrawlScheduleEnum],
    description:
      "The re-crawl schedules the owner's plan allows their websites, OFF first. Without a paid subscription (credits, trial) only OFF: websites are crawled by hand.",
    resolve: (_bot, _args, context) => context.services.crawlSchedules.allowedFor(context.viewer!.id),
  }),
);

builder.mutationField('setCrawlSchedule', (t) =>
  t.field({
    type: WebSourceRef,
    description:
      "Sets how often the website of one of the viewer's crawls is crawled again (every crawl of the same url and scope shares it); answers that crawl. Refused with a ValidationError when the viewer's plan does not allow the schedule.",
    authScopes: { customer: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: {
      webSourceId: t.arg.globalID({ for: [WebSourceRef], required: true, description: 'Any crawl of the website' }),
      schedule: t.arg({ type: CrawlScheduleEnum, required: true }),
    },
    resolve: (_root, args, context) =>
      context.services.crawlSchedules.set(context.viewer!.id, { webSourceId: args.webSourceId.id, schedule: args.schedule }),
  }),
);

builder.mutationField('startCrawl', (t) =>
  t.field({
    type: WebSourceRef,
    description: 'Starts crawling a website into the bot; follow it with crawlStatusChanged.',
    authScopes: { customer: true },
    errors: { types: [ValidationError, NotFoundError, ConflictError] },
    args: {
      botId: t.arg.globalID({ for: [BotRef], required: true }),
      url: t.arg.string({ required: true }),
      maxDepth: t.arg.int({ required: true }),
    },
    resolve: (_root, args, context) =>
      context.services.crawls.start(context.viewer!.id, { botId: args.botId.id, url: args.url, maxDepth: args.maxDepth }),
  }),
);

builder.subscriptionField('crawlStatusChanged', (t) =>
  t.field({
    type: WebSourceRef,
    description: "The bot's most recently changed crawls first (finished ones too), then each change (pages done so far, status).",
    authScopes: { customer: true },
    args: { botId: t.arg.globalID({ for: [BotRef], required: true }) },
    subscribe: (_root, args, context) => context.services.crawls.subscribe(context.viewer!.id, args.botId.id),
    resolve: (event: CrawlStatusEvent) => ({
      ...event.crawl,
      createdAt: new Date(event.crawl.createdAt),
      updatedAt: new Date(event.crawl.updatedAt),
      scrapedAt: event.crawl.scrapedAt ? new Date(event.crawl.scrapedAt) : null,
      costUsage: new Prisma.Decimal(event.crawl.costUsage),
    }),
  }),
);
