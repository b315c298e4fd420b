import type { FastifyInstance } from 'fastify';
import { requireViewer, type RestContext } from '../../../rest/http.ts';
import type { WebSource } from '../../../generated/prisma/client.ts';

export function crawlRoutes(app: FastifyInstance, { services }: RestContext): void {
  app.post('/crawl', async (request) => {
    const { bot_id, url, max_depth } = (request.body ?? {}) as Record<string, unknown>;
    return crawlJson(await services.crawls.startAndWait(requireViewer(request).id, { botId: bot_id, url, maxDepth: max_depth }));
  });

  app.get('/bot/:id/web-sources', async (request) => {
    const crawls = await services.crawls.history(requireViewer(request).id, (request.params as { id: string }).id);
    return crawls.map(crawlJson);
  });
}

/** The spec's web source (a crawl) as REST shows it. */
export function crawlJson(crawl: WebSource) {
  return {
    id: crawl.id,
    file_id: crawl.id,
    url: crawl.url,
    max_depth: crawl.maxDepth,
    run_id: crawl.runId,
    dataset_id: crawl.datasetId,
    items_count: crawl.itemsCount,
    pages_added: crawl.pagesAdded,
    pages_changed: crawl.pagesChanged,
    pages_skipped: crawl.pagesSkipped,
    pages_removed: crawl.pagesRemoved,
    cost_usage: crawl.costUsage.toNumber(),
    duration_ms: crawl.durationMs,
    memory_used_mb: crawl.memoryUsedMb,
    status: crawl.status,
    error_message: crawl.errorMessage,
    scraped_at: crawl.scrapedAt?.toISOString() ?? null,
    created_at: crawl.createdAt.toISOString(),
  };
}
