import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { staticImageRoutes } from './domains/bots/rest.ts';
import { registerGraphQL } from './graphql/server.ts';
import { registerMetrics } from './metrics.ts';
import type { Platform } from './platform/index.ts';
import { restApi } from './rest/routes.ts';
import type { Services } from './services.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface AppOptions {
  /** Where the built client and widget live; defaults to their workspaces' dist folders. */
  clientDist?: string;
  widgetDist?: string;
}

export async function buildApp(platform: Platform, services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = platform;
  const app = Fastify({
    loggerInstance: platform.logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });

  await app.register(fastifyCookie, { secret: `${config.appSecret}:cookies` });
  registerMetrics(app);

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const report = await services.system.readiness();
    return reply.status(report.ready ? 200 : 503).send({ status: report.ready ? 'ready' : 'not ready', checks: report.checks });
  });

  staticImageRoutes(app, platform.blobs);
  const graphql = registerGraphQL(app, { services, prisma: platform.prisma, clock: platform.clock });
  await app.register((api, _options, done) => {
    restApi(api, { services, config }).then(() => done(), done);
  }, { prefix: '/api/v1' });

  await serveFrontends(app, {
    clientDist: options.clientDist ?? path.join(repositoryRoot, 'client/dist'),
    widgetDist: options.widgetDist ?? path.join(repositoryRoot, 'widget/dist'),
  });

  app.addHook('onClose', async () => {
    await graphql.close();
  });
  return app;
}

/** The built client (a single-page app: unknown paths get index.html) and the widget's loader and chat app. */
async function serveFrontends(app: FastifyInstance, dist: { clientDist: string; widgetDist: string }) {
  const widgetLoader = path.join(dist.widgetDist, 'widget.js');
  const embedWidgetDir = path.join(dist.widgetDist, 'embed-widget');
  if (existsSync(widgetLoader)) {
    app.get('/widget.js', (_request, reply) =>
      reply.header('cache-control', 'public, max-age=300').type('application/javascript').send(createReadStream(widgetLoader)),
    );
  }
  if (existsSync(embedWidgetDir)) {
    await app.register(fastifyStatic, { root: embedWidgetDir, prefix: '/embed-widget/', decorateReply: false });
    app.get('/embed-widget', (_request, reply) =>
      reply.type('text/html').header('cache-control', 'no-cache').send(createReadStream(path.join(embedWidgetDir, 'index.html'))),
    );
  }

  const clientIndex = path.join(dist.clientDist, 'index.html');
  if (existsSync(clientIndex)) {
    await app.register(fastifyStatic, { root: dist.clientDist, prefix: '/', wildcard: false, index: false, decorateReply: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname.startsWith('/api/') || pathname === '/graphql';
    if (isApi || request.method !== 'GET') return reply.status(404).send({ detail: 'Not Found' });
    if (!existsSync(clientIndex)) {
      return reply.status(503).type('text/plain').send('The web client is not built yet: run `npm run build`.');
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(createReadStream(clientIndex));
  });
}
