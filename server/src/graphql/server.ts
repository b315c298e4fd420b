import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getOperationAST, GraphQLError, type DocumentNode, type OperationTypeNode } from 'graphql';
import { createYoga, maskError as defaultMaskError, type GraphiQLOptions, type Plugin } from 'graphql-yoga';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { expectedFailure } from '../errors.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { Clock } from '../platform/clock/index.ts';
import { contentLanguageOf } from '../platform/i18n/index.ts';
import { authenticateRequest } from '../domains/auth/requestAuth.ts';
import { type AuthenticatedViewer } from '../domains/auth/viewer.ts';
import type { ResponseCache } from './responseCache.ts';
import type { Services } from '../services.ts';
import type { GraphQLContext } from './context.ts';
import { useGraphQLLimits } from './limitsPlugin.ts';
import { operationLimitErrors } from './operationLimits.ts';
import { schema } from './schema.ts';

export const GRAPHQL_PATH = '/graphql';

interface ServerContext {
  req?: FastifyRequest;
  reply?: FastifyReply;
  /** Over HTTP: who the route found calling (the token is checked once), and what it ran. */
  http?: HttpOperation;
  /** Present for operations over graphql-ws: the client's `connection_init` payload. */
  connectionParams?: Record<string, unknown>;
  ip?: string;
}

/**
 * Serves GraphQL over HTTP (and GraphiQL on GET) and graphql-ws subscriptions on the same path and
 * port; both build the same per-operation context from a bearer token.
 */
export function registerGraphQL(app: FastifyInstance, deps: { services: Services; prisma: PrismaClient; clock: Clock }) {
  const yoga = createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    logging: false,
    landingPage: false,
    graphiql: { subscriptionsProtocol: 'WS', title: 'Chatbot Builder GraphQL' },
    renderGraphiQL: renderOfflineGraphiQL,
    plugins: [useGraphQLLimits(), useOperationRecord(deps.services.responses)],
    maskedErrors: {
      maskError: (error, message, isDev) => {
        // Raised about the request itself (syntax, validation, limits): the client's to read, no server failure.
        if (error instanceof GraphQLError && !error.originalError) return error;
        let original: unknown = error;
        while (original instanceof GraphQLError && original.originalError) original = original.originalError;
        const expected = expectedFailure(original);
        if (expected) {
          if (expected !== original) app.log.warn({ err: original }, expected.message);
          return new GraphQLError(expected.message, {
            path: error instanceof GraphQLError ? error.path : undefined,
            extensions: { code: expected.code },
          });
        }
        if (original instanceof Error) app.log.error({ err: original }, 'graphql operation failed');
        return defaultMaskError(error, message, isDev);
      },
    },
    context: async (initial): Promise<GraphQLContext> => {
      const header =
        initial.req?.headers.authorization ??
        stringParam(initial.connectionParams, 'authorization') ??
        stringParam(initial.connectionParams, 'Authorization');
      return {
        viewer: initial.http ? initial.http.viewer : await authenticateRequest(deps.services.auth, header),
        services: deps.services,
        prisma: deps.prisma,
        clock: deps.clock,
        origin: { ip: initial.req?.ip ?? initial.ip ?? 'unknown' },
        language: contentLanguageOf(initial.req?.headers['accept-language'] ?? stringParam(initial.connectionParams, 'language')),
      };
    },
  });

  app.route({
    url: GRAPHQL_PATH,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      const { responses } = deps.services;
      const startedAt = responses.now();
      const http: HttpOperation = {
        viewer: await authenticateRequest(deps.services.auth, req.headers.authorization),
        kind: null,
        failed: false,
      };
      // Customers' queries only: an admin's screens read every customer's rows, which change all the time.
      const cacheKey = http.viewer?.role === 'customer' && req.method === 'POST' ? responseCacheKey(responses, http.viewer.id, req) : null;
      // As with any HTTP cache, a client may ask for a fresh answer (a hard reload sends no-cache), or that none be kept.
      const cacheControl = req.headers['cache-control'] ?? '';
      if (cacheKey && !/\bno-(cache|store)\b/i.test(cacheControl)) {
        const cached = await responses.read(cacheKey);
        if (cached) return reply.status(200).headers(Object.fromEntries(cached.headers)).send(cached.body);
      }
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply, http });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
      if (
        cacheKey &&
        http.viewer &&
        http.kind === 'query' &&
        !http.failed &&
        response.status === 200 &&
        !/\bno-store\b/i.test(cacheControl)
      ) {
        const body = await response.text();
        responses.write(cacheKey, { userId: http.viewer.id, body, headers: [...response.headers], cachedAt: startedAt });
        return reply.send(body);
      }
      reply.send(response.body);
      return reply;
    },
  });

  type Enveloped = ReturnType<typeof yoga.getEnveloped>;
  const webSockets = new WebSocketServer({ noServer: true });
  useServer<Record<string, unknown>>(
    {
      execute: (args) => (args.rootValue as Enveloped).execute(args),
      subscribe: (args) => (args.rootValue as Enveloped).subscribe(args),
      onSubscribe: async (context, _id, payload) => {
        const request = context.extra.request;
        const {
          schema: envelopedSchema,
          execute,
          subscribe,
          contextFactory,
          parse,
          validate,
        } = yoga.getEnveloped({
          connectionParams: context.connectionParams ?? {},
          ip: request.socket.remoteAddress ?? 'unknown',
        });
        let document: DocumentNode;
        try {
          document = parse(payload.query);
        } catch (error) {
          // A refused or malformed document is an error message for this operation, not a failure of the socket.
          if (error instanceof GraphQLError) return [error];
          throw error;
        }
        const errors = validate(envelopedSchema, document);
        if (errors.length > 0) return errors;
        // The envelope checks these again before it executes; checked here too, the refusal is an error message like the others.
        const limitErrors = operationLimitErrors({
          schema: envelopedSchema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
        });
        if (limitErrors.length > 0) return limitErrors;
        return {
          schema: envelopedSchema,
          operationName: payload.operationName,
          document,
          variableValues: payload.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe },
        };
      },
    },
    webSockets,
  );

  app.server.on('upgrade', (request, socket, head) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (pathname !== GRAPHQL_PATH) {
      socket.destroy();
      return;
    }
    webSockets.handleUpgrade(request, socket, head, (client) => webSockets.emit('connection', client, request));
  });

  return {
    close: async () => {
      for (const client of webSockets.clients) client.close(1001, 'Server shutting down');
      await new Promise<void>((resolve) => webSockets.close(() => resolve()));
    },
  };
}

/**
 * GraphiQL with its scripts and styles inlined from the package, so it works with no network (yoga's
 * default loads them from a CDN). The page is 9 MB: loaded on first use and rendered once.
 */
let graphiqlPage: Promise<string> | null = null;
function renderOfflineGraphiQL(options: GraphiQLOptions): Promise<string> {
  graphiqlPage ??= import('@graphql-yoga/render-graphiql').then(({ renderGraphiQL }) => renderGraphiQL(options));
  return graphiqlPage;
}

/** What an HTTP operation turned out to be, for the response cache: filled in by `useOperationRecord`. */
interface HttpOperation {
  viewer: AuthenticatedViewer | null;
  kind: OperationTypeNode | null;
  failed: boolean;
}

/**
 * The response cache's view of every operation (the server context, with `http`, is part of its
 * context: yoga merges the two): over HTTP, what it was and whether it failed; over HTTP or the
 * socket, a viewer's mutation changes what their cached answers say, announced before its result leaves.
 */
function useOperationRecord(responses: ResponseCache): Plugin<{ http?: HttpOperation; viewer?: AuthenticatedViewer | null }> {
  return {
    onExecute({ args }) {
      const { http, viewer } = args.contextValue;
      const kind = getOperationAST(args.document, args.operationName)?.operation ?? null;
      if (http) http.kind = kind;
      return {
        async onExecuteDone({ result }) {
          // A stream (defer) is never kept; nor is anything with errors.
          if (http && (Symbol.asyncIterator in result || result.errors?.length)) http.failed = true;
          if (kind === 'mutation' && viewer) await responses.changedBy(viewer);
        },
      };
    },
  };
}

function responseCacheKey(responses: ResponseCache, userId: string, req: FastifyRequest): string | null {
  const body = req.body as { query?: unknown; variables?: unknown; operationName?: unknown } | null | undefined;
  if (typeof body?.query !== 'string') return null;
  return responses.keyOf(userId, {
    query: body.query,
    variables: body.variables,
    operationName: typeof body.operationName === 'string' ? body.operationName : null,
    language: contentLanguageOf(req.headers['accept-language']),
    accept: req.headers.accept ?? '',
    origin: req.headers.origin ?? '',
  });
}

function stringParam(params: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = params?.[key];
  return typeof value === 'string' ? value : undefined;
}
