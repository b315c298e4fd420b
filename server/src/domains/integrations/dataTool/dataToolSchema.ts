import { NotFoundError, ValidationError } from '../../../errors.ts';
import { builder } from '../../../graphql/builder.ts';
import { UserRef, viewerOnly } from '../../auth/schema.ts';
import { BotRef } from '../../bots/schema.ts';
import { CrawlScheduleEnum } from '../../knowledge/schema.ts';
import { BOT_TOOLS } from './dataTool.ts';

export const BotDataToolEnum = builder.enumType('BotDataTool', { values: BOT_TOOLS });
const SYNC_SCHEDULE_DESCRIPTION =
  "How often this configuration's incoming data is synced again on its own while it is the bot's tool. A schedule the owner's plan no longer allows is turned OFF when it comes due.";

const SheetConfigRef = builder.prismaObject('SheetConfig', {
  authScopes: { authenticated: true },
  fields: (t) => ({
    incomingSpreadsheetId: t.exposeString('incomingSpreadsheetId'),
    incomingSpreadsheetName: t.exposeString('incomingSpreadsheetName'),
    incomingSheetName: t.exposeString('incomingSheetName'),
    completedSpreadsheetId: t.exposeString('completedSpreadsheetId'),
    completedSpreadsheetName: t.exposeString('completedSpreadsheetName'),
    completedSheetName: t.exposeString('completedSheetName'),
    isActive: t.exposeBoolean('isActive'),
    syncSchedule: t.expose('syncSchedule', {
      type: CrawlScheduleEnum,
      description: SYNC_SCHEDULE_DESCRIPTION,
    }),
  }),
});

builder.prismaObject('NotionConfig', {
  authScopes: { authenticated: true },
  fields: (t) => ({
    apiKeyMasked: t.string({
      description: 'The API key with all but its ends hidden; the key itself is never read back.',
      resolve: (config, _args, context) => context.services.dataTool.notionView(config).apiKeyMasked,
    }),
    readDatabaseId: t.exposeString('readDatabaseId'),
    writeDatabaseId: t.exposeString('writeDatabaseId'),
    isActive: t.exposeBoolean('isActive'),
    syncSchedule: t.expose('syncSchedule', {
      type: CrawlScheduleEnum,
      description: SYNC_SCHEDULE_DESCRIPTION,
    }),
  }),
});

builder.prismaObjectFields(BotRef, (t) => ({
  dataTool: t.field({ type: BotDataToolEnum, select: { activeTool: true }, resolve: (bot) => bot.activeTool }),
  sheetConfig: t.relation('sheetConfig', { nullable: true, type: SheetConfigRef }),
  notionConfig: t.relation('notionConfig', { nullable: true }),
}));

const LeadRef = builder.prismaNode('Lead', {
  id: { field: 'id' },
  findUnique: (id, context) => ({ id, ownerId: context.viewer?.id ?? '' }),
  nullable: true,
  authScopes: { authenticated: true },
  fields: (t) => ({
    bot: t.relation('bot', { nullable: true }),
    channel: t.exposeString('channel'),
    name: t.exposeString('name', { nullable: true }),
    email: t.exposeString('email', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
    question: t.exposeString('question'),
    conversationLink: t.exposeString('conversationLink', { nullable: true }),
    destination: t.expose('destination', { type: BotDataToolEnum }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.prismaObjectField(UserRef, 'leads', (t) =>
  t.relatedConnection('leads', {
    cursor: 'id',
    type: LeadRef,
    description: 'Contact details visitors left in conversations with the user’s bots, newest first.',
    authScopes: viewerOnly,
    query: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] },
  }),
);

builder.mutationField('setBotDataTool', (t) =>
  t.field({
    type: BotRef,
    description:
      'Chooses the bot’s data tool: sheet, notion or none (exactly one at a time). A tool chosen before its configuration is saved stays inert until then; one already configured syncs its data at once.',
    authScopes: { customer: true },
    errors: { types: [NotFoundError, ValidationError] },
    args: { botId: t.arg.globalID({ for: [BotRef], required: true }), tool: t.arg({ type: BotDataToolEnum, required: true }) },
    resolve: async (_root, args, context) =>
      (await context.services.dataTool.setTool(context.viewer!.id, { botId: args.botId.id, toolName: args.tool })).bot,
  }),
);

const SheetConfigInput = builder.inputType('SheetConfigInput', {
  fields: (t) => ({
    botId: t.globalID({ for: [BotRef], required: true }),
    incomingSpreadsheetId: t.string({ required: true }),
    incomingSpreadsheetName: t.string({ required: false }),
    incomingSheetName: t.string({ required: true }),
    completedSpreadsheetId: t.string({ required: true }),
    completedSpreadsheetName: t.string({ required: false }),
    completedSheetName: t.string({ required: true }),
  }),
});

builder.mutationField('saveSheetConfig', (t) =>
  t.field({
    type: BotRef,
    description: 'Saves the incoming (read) and completed (lead) sheets, then syncs the incoming rows when the tool is on.',
    authScopes: { customer: true },
    errors: { types: [NotFoundError, ValidationError] },
    args: { input: t.arg({ type: SheetConfigInput, required: true }) },
    resolve: async (_root, { input }, context) =>
      (await context.services.dataTool.saveSheetConfig(context.viewer!.id, { ...input, botId: input.botId.id })).bot,
  }),
);

const NotionConfigInput = builder.inputType('NotionConfigInput', {
  fields: (t) => ({
    botId: t.globalID({ for: [BotRef], required: true }),
    apiKey: t.string({ required: false, description: 'Required on the first save; empty keeps the stored key.' }),
    readDatabaseId: t.string({ required: true }),
    writeDatabaseId: t.string({ required: true }),
    isActive: t.boolean({ required: false }),
  }),
});

builder.mutationField('saveNotionConfig', (t) =>
  t.field({
    type: BotRef,
    description:
      'Creates the bot’s Notion configuration (the API key is required) or updates it (an empty key keeps the stored one), then syncs the read database when Notion is the data tool.',
    authScopes: { customer: true },
    errors: { types: [NotFoundError, ValidationError] },
    args: { input: t.arg({ type: NotionConfigInput, required: true }) },
    resolve: async (_root, { input }, context) =>
      (await context.services.dataTool.saveNotionConfig(context.viewer!.id, { ...input, botId: input.botId.id })).bot,
  }),
);

builder.mutationField('setDataToolSyncSchedule', (t) =>
  t.field({
    type: BotRef,
    description:
      "Sets how often the bot's current data tool (its configuration saved) syncs its incoming sheet or database on its own. Refused with a ValidationError when the viewer's plan does not allow the schedule (without a paid subscription only OFF) or no tool is chosen.",
    authScopes: { customer: true },
    errors: { types: [NotFoundError, ValidationError] },
    args: { botId: t.arg.globalID({ for: [BotRef], required: true }), schedule: t.arg({ type: CrawlScheduleEnum, required: true }) },
    resolve: (_root, args, context) =>
      context.services.dataTool.setSyncSchedule(context.viewer!.id, { botId: args.botId.id, schedule: args.schedule }),
  }),
);

builder.mutationField('syncBotDataTool', (t) =>
  t.field({
    type: BotRef,
    description: 'Reads the data tool’s incoming sheet or database into the bot’s knowledge now.',
    authScopes: { customer: true },
    errors: { types: [NotFoundError, ValidationError] },
    args: { botId: t.arg.globalID({ for: [BotRef], required: true }) },
    resolve: (_root, args, context) => context.services.dataTool.sync(context.viewer!.id, args.botId.id),
  }),
);
