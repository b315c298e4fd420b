import type { FastifyInstance } from 'fastify';
import type { SheetConfig } from '../../../generated/prisma/client.ts';
import { requireViewer, type RestContext } from '../../../rest/http.ts';
import type { NotionConfigView } from './dataTool.ts';

type Body = Record<string, unknown>;

function sheetConfigJson(config: SheetConfig) {
  return {
    bot_id: config.botId,
    incoming_spreadsheet_id: config.incomingSpreadsheetId,
    incoming_spreadsheet_name: config.incomingSpreadsheetName,
    incoming_sheet_name: config.incomingSheetName,
    completed_spreadsheet_id: config.completedSpreadsheetId,
    completed_spreadsheet_name: config.completedSpreadsheetName,
    completed_sheet_name: config.completedSheetName,
    is_active: config.isActive,
  };
}

function notionConfigJson(config: NotionConfigView) {
  return {
    bot_id: config.botId,
    api_key: config.apiKeyMasked,
    read_database_id: config.readDatabaseId,
    write_database_id: config.writeDatabaseId,
    is_active: config.isActive,
  };
}

function notionInput(botId: unknown, body: Body) {
  return {
    botId,
    apiKey: body.api_key,
    readDatabaseId: body.read_database_id,
    writeDatabaseId: body.write_database_id,
    isActive: body.is_active,
  };
}

/** The spec's data-tool routes: the tool choice, the sheet and Notion configurations, and a sync on demand. */
export function dataToolRoutes(app: FastifyInstance, { services }: RestContext): void {
  const { dataTool } = services;

  app.get('/bots/getbot-tools/:botId', async (request) => {
    const { botId } = request.params as { botId: string };
    const status = await dataTool.toolStatus(requireViewer(request).id, botId);
    return { is_sheet_enabled: status.isSheetEnabled, is_notion_enabled: status.isNotionEnabled };
  });

  app.post('/bots/setbot-tools', async (request) => {
    const body = (request.body ?? {}) as Body;
    const { bot, syncProblem } = await dataTool.setTool(requireViewer(request).id, { botId: body.bot_id, toolName: body.tool_name });
    return {
      message: 'Tool Updated',
      is_sheet_enabled: bot.activeTool === 'sheet',
      is_notion_enabled: bot.activeTool === 'notion',
      sync_error: syncProblem,
    };
  });

  app.post('/bots/sync-data-tool/:botId', async (request) => {
    const { botId } = request.params as { botId: string };
    await dataTool.sync(requireViewer(request).id, botId);
    return { message: 'Data tool synced: the bot is learning the new data.' };
  });

  app.post('/config/sheets', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    const viewer = requireViewer(request);
    const { bot, created, syncProblem } = await dataTool.saveSheetConfig(viewer.id, {
      botId: body.bot_id,
      incomingSpreadsheetId: body.incoming_spreadsheet_id,
      incomingSpreadsheetName: body.incoming_spreadsheet_name,
      incomingSheetName: body.incoming_sheet_name,
      completedSpreadsheetId: body.completed_spreadsheet_id,
      completedSpreadsheetName: body.completed_spreadsheet_name,
      completedSheetName: body.completed_sheet_name,
      isActive: body.is_active,
    });
    const config = sheetConfigJson(await dataTool.sheetConfig(viewer.id, bot.id));
    return reply.status(created ? 201 : 200).send({ message: 'Sheet config updated.', ...config, sync_error: syncProblem });
  });

  app.get('/config/sheets-calendars/:botId', async (request) => {
    const { botId } = request.params as { botId: string };
    return sheetConfigJson(await dataTool.sheetConfig(requireViewer(request).id, botId));
  });

  app.post('/notion-config/', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    const viewer = requireViewer(request);
    const saved = await dataTool.saveNotionConfig(viewer.id, notionInput(body.bot_id, body));
    const config = notionConfigJson(await dataTool.notionConfig(viewer.id, saved.bot.id));
    return reply.status(saved.created ? 201 : 200).send({ ...config, sync_error: saved.syncProblem });
  });

  app.get('/notion-config/:botId', async (request) => {
    const { botId } = request.params as { botId: string };
    return notionConfigJson(await dataTool.notionConfig(requireViewer(request).id, botId));
  });

  app.put('/notion-config/:botId', async (request) => {
    const { botId } = request.params as { botId: string };
    const viewer = requireViewer(request);
    const saved = await dataTool.saveNotionConfig(viewer.id, notionInput(botId, (request.body ?? {}) as Body));
    return { ...notionConfigJson(await dataTool.notionConfig(viewer.id, botId)), sync_error: saved.syncProblem };
  });
}
