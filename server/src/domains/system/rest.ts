import type { FastifyInstance } from 'fastify';
import type { RestContext } from '../../rest/http.ts';

export function systemRoutes(app: FastifyInstance, { services }: RestContext): void {
  app.get('/public/config', async () => services.system.publicConfig());
}
