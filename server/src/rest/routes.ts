import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { authRoutes } from '../domains/auth/rest.ts';
import { systemRoutes } from '../domains/system/rest.ts';
import type { Services } from '../services.ts';
import { bearerToken, registerRestErrorHandling } from './http.ts';

export interface RestContext {
  services: Services;
  config: Config;
}

/** The REST shim under /api/v1: the specs' contract, adapting HTTP to the domain services. */
export async function restApi(app: FastifyInstance, context: RestContext): Promise<void> {
  registerRestErrorHandling(app);
  app.decorateRequest('viewer', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request.headers.authorization);
    request.viewer = token ? await context.services.auth.authenticate(token) : null;
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ detail: 'Not Found' }));

  authRoutes(app, context);
  systemRoutes(app, context);
}
