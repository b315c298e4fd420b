import type { FastifyInstance } from 'fastify';
import { requireViewer, type RestContext } from '../../rest/http.ts';

export function dashboardRoutes(app: FastifyInstance, { services }: RestContext): void {
  app.get('/customer/dashboard', async (request) => {
    const overview = await services.dashboard.overview(requireViewer(request).id);
    return {
      ...overview,
      topBots: overview.topBots.map(({ name, conversations }) => ({ name, conversations })),
      recentActivity: overview.recentActivity.map((activity) => ({ ...activity, timestamp: activity.timestamp.toISOString() })),
    };
  });
}
