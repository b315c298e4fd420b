import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError, type DocumentNode } from 'graphql';
import { createYoga, maskError as defaultMaskError, type GraphiQLOptions } from 'graphql-yoga';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { expectedFailure } from '../errors.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { Clock } from '../platform/clock/index.ts';
import { contentLanguageOf } from '../platform/i18n/index.ts';
import { authenticateRequest } from '../requestAuth.ts';
import type { Services } from '../services.ts';
import type { GraphQLContext } from './context.ts';
import { useGraphQLLimits } from './limitsPlugin.ts';
import { operationLimitErrors } from './operationLimits.ts';
import { schema } from './schema.ts';

export const GRAPHQL_PATH = '/graphql';

interface ServerContext {
  req?: FastifyRequest;
  reply?: FastifyReply;
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
    plugins: [useGraphQLLimits()],
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
        viewer: await authenticateRequest(deps.services.auth, header),
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
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
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

function stringParam(params: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = params?.[key];
  return typeof value === 'string' ? value : undefined;
}
