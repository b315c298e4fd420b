import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';

/**
 * Every query parameter that carries a credential anywhere in the product (session and widget
 * tokens, OAuth codes and states, Meta's webhook verify token, API keys): their values never reach
 * the logs. Compared without regard to case.
 */
export const SECRET_QUERY_PARAMETERS: readonly string[] = [
  'token',
  'refresh',
  'refresh_token',
  'code',
  'state',
  'session_token',
  'access_token',
  'id_token',
  'demo_user_session_token',
  'hub.verify_token',
  'api_key',
  'key',
  'secret',
  'client_secret',
  'password',
  'signature',
];
const SECRET_QUERY_KEYS = new Set(SECRET_QUERY_PARAMETERS);

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return redactPath(url);
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEYS.has(key.toLowerCase())) params.set(key, '[redacted]');
  }
  return `${redactPath(url.slice(0, queryStart))}?${params.toString()}`;
}

/** Verification tokens travel in the path of the confirm call. */
function redactPath(pathname: string): string {
  return pathname.replace(/(\/verify-email\/confirm\/)[^/?]+/, '$1[redacted]');
}

/** A logger at `level`, writing JSON lines to `destination` (stdout by default). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.api_key'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * The access log: one line per request, once it is answered (what was asked, from where, the
 * status and how long it took), where Fastify writes a second line as each request arrives.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
