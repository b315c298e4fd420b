import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../domains/admin/rest.ts';
import { authRoutes } from '../domains/auth/rest.ts';
import { billingRoutes } from '../domains/billing/rest.ts';
import { botRoutes } from '../domains/bots/rest.ts';
import { chatRoutes, publicChatRoutes, testChatRoutes } from '../domains/chat/rest.ts';
import { dashboardRoutes } from '../domains/dashboard/rest.ts';
import { demoRoutes } from '../domains/demo/rest.ts';
import { dataToolRoutes } from '../domains/integrations/dataTool/dataToolRest.ts';
import { googleRoutes } from '../domains/integrations/google/googleRest.ts';
import { crawlRoutes } from '../domains/knowledge/crawling/crawlRest.ts';
import { inboxRoutes } from '../domains/inbox/rest.ts';
import { knowledgeRoutes } from '../domains/knowledge/rest.ts';
import { systemRoutes } from '../domains/system/rest.ts';
import { whatsAppRoutes } from '../domains/whatsapp/rest.ts';
import { assertSafeText } from '../platform/validation.ts';
import { authenticateRequest } from '../domains/auth/requestAuth.ts';
import { registerRestErrorHandling, type RestContext } from './http.ts';

/** The largest file any upload route accepts (documents: 10 MB); routes check their own smaller limits. */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The REST shim under /api/v1: the specs' contract, adapting HTTP to the domain services. */
export async function restApi(app: FastifyInstance, context: RestContext): Promise<void> {
  registerRestErrorHandling(app);
  // Per-file limits are the domains' (they answer with the spec's messages); these are outer bounds.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 4, fields: 20, fieldSize: 1024 * 1024, parts: 30 },
    throwFileSizeLimit: false,
  });
  app.decorateRequest('viewer', null);
  app.addHook('onRequest', async (request) => {
    request.viewer = await authenticateRequest(context.services.auth, request.headers.authorization);
  });
  app.addHook('preValidation', async (request) => {
    assertSafeText(request.params, 'path');
    assertSafeText(request.query, 'query');
    assertSafeText(request.body, 'body');
  });
  // A write through the shim changes what its caller's cached GraphQL responses say (see ResponseCache).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.viewer && !READ_METHODS.has(request.method) && reply.statusCode < 400)
      await context.services.responses.changedBy(request.viewer);
    return payload;
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ detail: 'Not Found' }));

  adminRoutes(app, context);
  authRoutes(app, context);
  billingRoutes(app, context);
  botRoutes(app, context);
  demoRoutes(app, context);
  inboxRoutes(app, context);
  knowledgeRoutes(app, context);
  chatRoutes(app, context);
  crawlRoutes(app, context);
  testChatRoutes(app, context);
  // The widget runs on customers' sites: its API is open to every origin (and needs no cookies).
  await app.register(
    async (publicApi) => {
      await publicApi.register(fastifyCors, { origin: true, methods: ['GET', 'POST'], maxAge: 600 });
      publicChatRoutes(publicApi, context);
    },
    { prefix: '/public' },
  );
  dashboardRoutes(app, context);
  systemRoutes(app, context);
  whatsAppRoutes(app, context);
  googleRoutes(app, context);
  dataToolRoutes(app, context);
}
