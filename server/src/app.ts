import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { staticImageRoutes } from './domains/bots/rest.ts';
import { registerGraphQL } from './graphql/server.ts';
import { AccessLog } from './logging.ts';
import { registerMetrics } from './metrics.ts';
import type { Platform } from './platform/index.ts';
import { restApi } from './rest/routes.ts';
import { appPageHeaders, BASELINE_HEADERS, embedWidgetHeaders, registerBaselineHeaders } from './securityHeaders.ts';
import type { Services } from './services.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const ADDRESS_TOO_LONG = 'This address is too long: each part of a path can be at most 100 characters.';

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
    logController: new AccessLog(),
    // The router's own refusals (a path part over 100 characters, a malformed address) keep the one error shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      // Answered before any hook runs.
      reply.headers(BASELINE_HEADERS);
      void reply.status(tooLong ? 414 : 400).send({ detail: tooLong ? ADDRESS_TOO_LONG : 'This address is not valid.' });
    },
  });

  registerBaselineHeaders(app);
  await app.register(fastifyCookie, { secret: `${config.appSecret}:cookies` });
  registerMetrics(app, platform.metrics);

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const report = await services.system.readiness();
    return reply.status(report.status === 'not ready' ? 503 : 200).send(report);
  });

  staticImageRoutes(app, platform.blobs);
  const graphql = registerGraphQL(app, { services, prisma: platform.prisma, clock: platform.clock });
  await app.register(
    (api, _options, done) => {
      restApi(api, { services, config }).then(() => done(), done);
    },
    { prefix: '/api/v1' },
  );

  await serveFrontends(app, {
    clientDist: options.clientDist ?? path.join(repositoryRoot, 'client/dist'),
    widgetDist: options.widgetDist ?? path.join(repositoryRoot, 'widget/dist'),
  });

  // Before the server waits for its connections to end (onClose runs after): an open subscription
  // never ends by itself, so a stopping replica would wait it out until its grace period ran out.
  app.addHook('preClose', async () => {
    await graphql.close();
  });
  return app;
}

/** The built client (a single-page app: unknown paths get index.html) and the widget's loader and chat app. */
async function serveFrontends(app: FastifyInstance, dist: { clientDist: string; widgetDist: string }) {
  const widgetLoader = path.join(dist.widgetDist, 'widget.js');
  const embedWidgetDir = path.join(dist.widgetDist, 'embed-widget');
  if (existsSync(widgetLoader)) {
    // Embed codes load `/widget.js?v=N`: a new release changes N, so a versioned URL may be cached for a day.
    app.get('/widget.js', async (request, reply) => {
      const { size, mtimeMs } = await stat(widgetLoader);
      const etag = `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
      const versioned = typeof (request.query as { v?: unknown }).v === 'string';
      reply.header('cache-control', versioned ? 'public, max-age=86400' : 'public, max-age=300').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('application/javascript; charset=utf-8').send(createReadStream(widgetLoader));
    });
  }
  if (existsSync(embedWidgetDir)) {
    const hashedAssets = path.join(embedWidgetDir, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: embedWidgetDir,
      prefix: '/embed-widget/',
      decorateReply: false,
      // The build names the chat app's assets by their content hash: a URL never changes content.
      setHeaders: (reply, filePath) => {
        if (filePath.startsWith(hashedAssets)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    app.get('/embed-widget', (_request, reply) =>
      embedWidgetHeaders(reply)
        .type('text/html')
        .header('cache-control', 'no-cache')
        .send(createReadStream(path.join(embedWidgetDir, 'index.html'))),
    );
  }

  const clientIndex = path.join(dist.clientDist, 'index.html');
  if (existsSync(clientIndex)) {
    await app.register(fastifyStatic, {
      root: dist.clientDist,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      // index.html asked for by name is the app page as well.
      setHeaders: (reply, filePath) => {
        if (filePath.endsWith('.html')) appPageHeaders(reply);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname.startsWith('/api/') || pathname === '/graphql';
    if (isApi || request.method !== 'GET') return reply.status(404).send({ detail: 'Not Found' });
    if (!existsSync(clientIndex)) {
      return reply.status(503).type('text/plain').send('The web client is not built yet: run `npm run build`.');
    }
    return appPageHeaders(reply).type('text/html').header('cache-control', 'no-cache').send(createReadStream(clientIndex));
  });
}
