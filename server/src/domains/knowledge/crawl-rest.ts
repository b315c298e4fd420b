import type { FastifyInstance } from 'fastify';
import { requireViewer } from '../../rest/http.ts';
import type { RestContext } from '../../rest/routes.ts';
import { crawlJson } from './crawls.ts';

export function crawlRoutes(app: FastifyInstance, { services }: RestContext): void {
  app.post('/crawl', async (request) => crawlJson(await services.crawls.startAndWait(requireViewer(request).id, request.body)));

  app.get('/bot/:id/web-sources', async (request) => {
    const crawls = await services.crawls.history(requireViewer(request).id, (request.params as { id: string }).id);
    return crawls.map(crawlJson);
  });
}
