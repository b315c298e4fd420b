import { createContextCache } from '@pothos/core';
import DataLoader from 'dataloader';
import { ForbiddenError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import { UserRef, viewerOnly } from '../auth/schema.ts';
import { ownedBotWhere } from './access.ts';
import type { EmbedCodes } from './embed.ts';
import type { GeneratedPrompt } from './prompt.ts';
import {
  BOT_STATUSES,
  botStatus,
  type BotStatus,
  CHAT_POSITIONS,
  FOLLOW_UP_BEHAVIORS,
  RESPONSE_STYLES,
  TONES,
  USE_CASES,
} from './rules.ts';
import type { BotAllowance } from '../billing/public.ts';
import { BOT_LIST_ORDER, type BotActivity } from './service.ts';
import type { GraphQLContext } from '../../graphql/context.ts';

export const BotStatusEnum = builder.enumType('BotStatus', { values: BOT_STATUSES });

/** Per request: the activity of every bot a response shows, loaded together (see BotsService.activity). */
const botActivity = createContextCache(
  (context: GraphQLContext) => new DataLoader<string, BotActivity>((botIds) => context.services.bots.activity(botIds)),
);

/** Only the owner finds a bot (the service's owner filter); to anyone else it does not exist. */
export const BotRef = builder.prismaNode('Bot', {
  id: { field: 'id' },
  // Select mode: a list reads the columns its fields ask for, not the whole row (prompts included).
  select: { id: true },
  findUnique: (id, context) => ownedBotWhere(context.viewer?.id ?? null, id),
  nullable: true,
  authScopes: { authenticated: true },
  fields: (t) => ({
    name: t.exposeString('name'),
    displayName: t.exposeString('displayName'),
    botDescription: t.exposeString('botDescription', { nullable: true }),
    useCase: t.exposeString('useCase'),
    description: t.exposeString('description'),
    generatedPrompt: t.exposeString('generatedPrompt'),
    botPrompt: t.exposeString('botPrompt', { nullable: true }),
    tone: t.exposeString('tone'),
    customToneDescription: t.exposeString('customToneDescription', { nullable: true }),
    responseStyle: t.exposeString('responseStyle'),
    languageCode: t.exposeString('languageCode'),
    chatPosition: t.exposeString('chatPosition'),
    themeColor: t.exposeString('themeColor'),
    iconUrl: t.exposeString('iconUrl', { nullable: true }),
    logoUrl: t.exposeString('logoUrl', { nullable: true }),
    isActive: t.exposeBoolean('isActive'),
    creativity: t.exposeFloat('creativity'),
    maxTokens: t.exposeInt('maxTokens'),
    streaming: t.exposeBoolean('streaming'),
    enableMemory: t.exposeBoolean('enableMemory'),
    followUpBehavior: t.exposeString('followUpBehavior'),
    widgetToken: t.exposeString('widgetToken'),
    deployedAt: t.expose('deployedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastUpdated: t.expose('updatedAt', { type: 'DateTime' }),
    // Both from one statement per request for all the bots of a page (the activity loader).
    status: t.field({
      type: BotStatusEnum,
      description: 'training while a document or crawl is in progress, else online or offline by isActive.',
      select: { isActive: true },
      resolve: async (bot, _args, context) =>
        botStatus({ isActive: bot.isActive, learning: (await botActivity(context).load(bot.id)).learning }),
    }),
    conversationsToday: t.int({
      resolve: async (bot, _args, context) => (await botActivity(context).load(bot.id)).conversationsToday,
    }),
    owner: t.relation('owner', { nullable: true }),
  }),
});

builder.prismaObjectField(UserRef, 'bots', (t) =>
  t.prismaConnection({
    type: BotRef,
    cursor: 'id',
    authScopes: viewerOnly,
    args: {
      search: t.arg.string({ required: false }),
      status: t.arg({ type: BotStatusEnum, required: false }),
    },
    // Straight to the bots (the viewer's row is not read first), newest first, on the ownerId, updatedAt index.
    resolve: (query, _user, args, context) =>
      context.prisma.bot.findMany({ ...query, where: botListWhere(context, args), orderBy: BOT_LIST_ORDER }),
    totalCount: (_user, args, context) => context.prisma.bot.count({ where: botListWhere(context, args) }),
  }),
);

function botListWhere(context: GraphQLContext, args: { search?: string | null; status?: BotStatus | null }) {
  return context.services.bots.listWhere(context.viewer!.id, { search: args.search ?? undefined, status: args.status ?? undefined });
}

const ToneEnum = builder.enumType('BotTone', { values: TONES });

const BotInput = builder.inputType('BotInput', {
  description: "A bot's settings; on update only the given fields change. Validated by the bots service.",
  fields: (t) => ({
    name: t.string(),
    displayName: t.string(),
    botDescription: t.string(),
    useCase: t.string({ description: `One of ${USE_CASES.join(', ')}` }),
    description: t.string(),
    generatedPrompt: t.string(),
    botPrompt: t.string(),
    tone: t.field({ type: ToneEnum }),
    customToneDescription: t.string(),
    responseStyle: t.string({ description: `One of ${RESPONSE_STYLES.join(', ')}` }),
    languageCode: t.string({ description: 'One of en, es, fr, de, it' }),
    chatPosition: t.string({ description: `One of ${CHAT_POSITIONS.join(', ')}` }),
    themeColor: t.string({ description: 'A hex colour such as #8B5CF6' }),
    isActive: t.boolean(),
    creativity: t.float({ description: '0 to 0.7 in steps of 0.1' }),
    maxTokens: t.int({ description: '0 means the provider default' }),
    streaming: t.boolean(),
    enableMemory: t.boolean(),
    followUpBehavior: t.string({ description: `One of ${FOLLOW_UP_BEHAVIORS.join(', ')}` }),
  }),
});

const botErrors = [ValidationError, NotFoundError, ForbiddenError, PayloadTooLargeError, UnsupportedMediaTypeError];

builder.mutationField('createBot', (t) =>
  t.field({
    type: BotRef,
    description: "Creates a bot within the customer's plan (bot limit checked atomically).",
    authScopes: { customer: true },
    errors: { types: botErrors },
    args: { input: t.arg({ type: BotInput, required: true }) },
    resolve: (_root, args, context) => context.services.bots.create(context.viewer!.id, args.input),
  }),
);

builder.mutationField('updateBot', (t) =>
  t.field({
    type: BotRef,
    authScopes: { customer: true },
    errors: { types: botErrors },
    args: { id: t.arg.globalID({ for: [BotRef], required: true }), input: t.arg({ type: BotInput, required: true }) },
    resolve: (_root, args, context) => context.services.bots.update(context.viewer!.id, args.id.id, args.input),
  }),
);

const DeletedBotPayload = builder.objectRef<{ deletedId: string }>('DeletedBotPayload').implement({
  authScopes: { authenticated: true },
  fields: (t) => ({
    deletedId: t.globalID({ description: 'For Relay @deleteEdge', resolve: (payload) => ({ type: 'Bot', id: payload.deletedId }) }),
  }),
});

builder.mutationField('deleteBot', (t) =>
  t.field({
    type: DeletedBotPayload,
    description: 'Deletes the bot with its knowledge, files and conversations.',
    authScopes: { customer: true },
    errors: { types: [NotFoundError] },
    args: { id: t.arg.globalID({ for: [BotRef], required: true }) },
    resolve: async (_root, args, context) => ({ deletedId: (await context.services.bots.delete(context.viewer!.id, args.id.id)).id }),
  }),
);

builder.mutationField('duplicateBot', (t) =>
  t.field({
    type: BotRef,
    description:
      "Copies a bot's settings, images and knowledge (not its conversations), within the plan. Returns at once: the copy's documents and crawls are pending and complete through their jobs, as uploads and crawls do.",
    authScopes: { customer: true },
    errors: { types: [NotFoundError, ForbiddenError] },
    args: { id: t.arg.globalID({ for: [BotRef], required: true }) },
    resolve: (_root, args, context) => context.services.bots.duplicate(context.viewer!.id, args.id.id),
  }),
);

const DeployPayload = builder.objectRef<EmbedCodes & { bot: { id: string } }>('DeployPayload').implement({
  authScopes: { authenticated: true },
  fields: (t) => ({
    embedCode: t.exposeString('embedCode', { description: 'HTML snippet for any page' }),
    embedCodeReact: t.exposeString('embedCodeReact', { description: 'A React component adding the widget' }),
    bot: t.prismaField({
      type: 'Bot',
      resolve: (query, payload, _args, context) => context.prisma.bot.findUniqueOrThrow({ ...query, where: { id: payload.bot.id } }),
    }),
  }),
});

builder.mutationField('deployBot', (t) =>
  t.field({
    type: DeployPayload,
    authScopes: { customer: true },
    errors: { types: [NotFoundError] },
    args: { id: t.arg.globalID({ for: [BotRef], required: true }) },
    resolve: (_root, args, context) => context.services.bots.deploy(context.viewer!.id, args.id.id),
  }),
);

builder.mutationField('rotateWidgetToken', (t) =>
  t.field({
    type: BotRef,
    description: 'Issues a new widget token; embed codes with the old one stop working.',
    authScopes: { customer: true },
    errors: { types: [NotFoundError] },
    args: { id: t.arg.globalID({ for: [BotRef], required: true }) },
    resolve: (_root, args, context) => context.services.bots.rotateWidgetToken(context.viewer!.id, args.id.id),
  }),
);

const GeneratedPromptRef = builder.objectRef<GeneratedPrompt>('GeneratedPrompt').implement({
  authScopes: { authenticated: true },
  fields: (t) => ({
    prompt: t.exposeString('prompt'),
    tone: t.exposeString('tone'),
    responseStyle: t.exposeString('responseStyle'),
  }),
});

builder.mutationField('generatePrompt', (t) =>
  t.field({
    type: GeneratedPromptRef,
    authScopes: { customer: true },
    errors: { types: [ValidationError] },
    args: { useCase: t.arg.string({ required: true }), description: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => context.services.bots.generatePrompt({ useCase: args.useCase, description: args.description }),
  }),
);

const BotAllowanceKindEnum = builder.enumType('BotAllowanceKind', {
  description: 'none: no plan (creation answers NO_PLAN); limited: up to `limit` bots; unlimited.',
  values: ['none', 'limited', 'unlimited'] as const,
});

const BotAllowanceRef = builder.objectRef<BotAllowance>('BotAllowance').implement({
  description: "What the viewer's plan (paid, trial or credits) allows: the rule bot creation applies.",
  authScopes: { authenticated: true },
  fields: (t) => ({
    kind: t.field({ type: BotAllowanceKindEnum, authScopes: { authenticated: true }, resolve: (allowance) => allowance.kind }),
    limit: t.int({
      nullable: true,
      description: 'The most bots the plan allows; null unless limited.',
      authScopes: { authenticated: true },
      resolve: (allowance) => (allowance.kind === 'limited' ? allowance.limit : null),
    }),
  }),
});

builder.objectField(UserRef, 'botAllowance', (t) =>
  t.field({
    type: BotAllowanceRef,
    authScopes: viewerOnly,
    resolve: (user, _args, context) => context.services.bots.allowance(user.id),
  }),
);
