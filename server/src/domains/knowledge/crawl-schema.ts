import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import { BotRef, botIdFrom } from '../bots/schema.ts';
import type { CrawlStatusEvent } from './crawls.ts';

const owner = { authenticated: true } as const;

const CrawlStatusEnum = builder.enumType('CrawlStatus', { values: ['pending', 'running', 'completed', 'failed'] as const });

export const WebSourceRef = builder.prismaNode('WebSource', {
  id: { field: 'id' },
  description: 'One crawl of a website into a bot\'s knowledge.',
  findUnique: (id, context) => ({ id, bot: { ownerId: context.viewer?.id ?? '' } }),
  authScopes: owner,
  fields: (t) => ({
    url: t.exposeString('url', { authScopes: owner }),
    maxDepth: t.exposeInt('maxDepth', { authScopes: owner, description: '0: the single page, 1: the entire site' }),
    status: t.expose('status', { type: CrawlStatusEnum, authScopes: owner }),
    runId: t.exposeString('runId', { authScopes: owner }),
    datasetId: t.exposeString('datasetId', { authScopes: owner }),
    itemsCount: t.exposeInt('itemsCount', { authScopes: owner, description: 'Pages read so far' }),
    pagesSkipped: t.exposeInt('pagesSkipped', { authScopes: owner, description: 'Pages unchanged since the last crawl' }),
    pagesRemoved: t.exposeInt('pagesRemoved', { authScopes: owner, description: 'Pages gone from the site, removed from the knowledge' }),
    costUsage: t.float({ authScopes: owner, description: 'Dollars', resolve: (crawl) => Number(crawl.costUsage) }),
    durationMs: t.exposeInt('durationMs', { authScopes: owner }),
    memoryUsedMb: t.exposeFloat('memoryUsedMb', { authScopes: owner }),
    errorMessage: t.exposeString('errorMessage', { nullable: true, authScopes: owner }),
    scrapedAt: t.expose('scrapedAt', { type: 'DateTime', nullable: true, authScopes: owner }),
    createdAt: t.expose('createdAt', { type: 'DateTime', authScopes: owner }),
  }),
});

const WebPageRef = builder.prismaObject('WebPage', {
  description: 'A page in a bot\'s knowledge, attributed to the crawl that last read it.',
  // Reached only through a WebSource, whose lookup is already limited to the bot's owner.
  authScopes: owner,
  fields: (t) => ({
    id: t.exposeID('id', { authScopes: owner }),
    url: t.exposeString('url', { authScopes: owner }),
    title: t.exposeString('title', { authScopes: owner }),
    byteSize: t.exposeInt('byteSize', { authScopes: owner }),
    fetchedAt: t.expose('fetchedAt', { type: 'DateTime', authScopes: owner }),
  }),
});

builder.prismaObjectField(WebSourceRef, 'pages', (t) =>
  t.relatedConnection('pages', {
    cursor: 'id',
    type: WebPageRef,
    description: 'The pages this crawl put in the knowledge (a later crawl of the same site takes over the pages it reads again).',
    authScopes: owner,
    query: () => ({ orderBy: [{ url: 'asc' }, { id: 'asc' }] }),
    totalCount: true,
  }),
);

builder.prismaObjectField(BotRef, 'webSources', (t) =>
  t.relation('webSources', {
    description: 'Crawl history, newest first.',
    authScopes: owner,
    query: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 50 },
  }),
);

builder.mutationField('startCrawl', (t) =>
  t.field({
    type: WebSourceRef,
    description: 'Starts crawling a website into the bot; follow it with crawlStatusChanged.',
    authScopes: { customer: true },
    errors: { types: [ValidationError, NotFoundError, ConflictError] },
    args: { botId: t.arg.globalID({ required: true }), url: t.arg.string({ required: true }), maxDepth: t.arg.int({ required: true }) },
    resolve: (_root, args, context) =>
      context.services.crawls.start(context.viewer!.id, { bot_id: botIdFrom(args.botId), url: args.url, max_depth: args.maxDepth }),
  }),
);

builder.subscriptionField('crawlStatusChanged', (t) =>
  t.field({
    type: WebSourceRef,
    description: 'The bot\'s running crawls first, then each change (pages done so far, status).',
    authScopes: { customer: true },
    args: { botId: t.arg.globalID({ required: true }) },
    subscribe: (_root, args, context) => context.services.crawls.subscribe(context.viewer!.id, botIdFrom(args.botId)),
    resolve: (event: CrawlStatusEvent) => ({
      ...event.crawl,
      createdAt: new Date(event.crawl.createdAt),
      updatedAt: new Date(event.crawl.updatedAt),
      scrapedAt: event.crawl.scrapedAt ? new Date(event.crawl.scrapedAt) : null,
      costUsage: new Prisma.Decimal(event.crawl.costUsage),
    }),
  }),
);
