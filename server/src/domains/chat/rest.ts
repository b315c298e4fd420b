import type { FastifyInstance } from 'fastify';
import { requireViewer } from '../../rest/http.ts';
import type { RestContext } from '../../rest/routes.ts';
import { chatLogJson, chatLogsCsv } from './logs.ts';

export function chatRoutes(app: FastifyInstance, { services }: RestContext): void {
  app.get('/customer/chatlogs', async (request) => {
    const viewer = requireViewer(request);
    const page = await services.chatLogs.page(viewer.id, request.query);
    return { logs: page.logs.map(chatLogJson), total: page.total, page: page.page, page_size: page.pageSize };
  });

  app.get('/customer/chatlogs/export', async (request, reply) => {
    const viewer = requireViewer(request);
    const rows = await services.chatLogs.exportRows(viewer.id, request.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="chat-logs.csv"')
      .send(chatLogsCsv(rows));
  });
}
