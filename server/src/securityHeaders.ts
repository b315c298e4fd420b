import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The headers every response carries, whatever answers it (a route, an error, a 404, a static file,
 * GraphQL): browsers must not guess a type other than the declared one, and links out send no more
 * than this server's origin.
 */
export const BASELINE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

const policy = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

/**
 * The web app's pages: scripts only from this server (the built index.html has no inline script);
 * styles inline as well, since Chakra's emotion writes its <style> tags at run time; images also from
 * Google (account pictures), data: (QR codes) and blob: (previews of picked files); fetches and the
 * GraphQL socket to this host ('self' covers ws:/wss: on it); no site may frame the app.
 */
export const APP_PAGE_POLICY = policy({
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob: https:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
});

/**
 * The widget's chat page, framed by customers' sites (any of them): the same as its own meta policy,
 * which cannot say who may frame it.
 */
export const EMBED_WIDGET_POLICY = policy({
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' https: data:",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'frame-ancestors': '*',
});

/** Headers of a page of the web app (its index.html, whatever path asked for it). */
export function appPageHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('content-security-policy', APP_PAGE_POLICY).header('referrer-policy', 'no-referrer');
}

/** Headers of the widget's chat page. */
export function embedWidgetHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('content-security-policy', EMBED_WIDGET_POLICY);
}

/**
 * Sets the baseline on every reply as it starts: headers set then survive an error handler, a 404
 * and a hijacked reply's own head (see EventStream). Registered first, before any route or plugin.
 */
export function registerBaselineHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(BASELINE_HEADERS);
    done();
  });
}
