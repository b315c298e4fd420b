import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small website served on 127.0.0.1 (a random port) for the crawler's tests and benchmark.
 * It records every request so tests can prove what was, and was not, fetched.
 */

export type RouteHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export interface SiteRequest {
  host: string;
  path: string;
}

export interface LocalSite {
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: SiteRequest[];
  /** Paths requested, in order, e.g. to count how often one was fetched. */
  paths(): string[];
  close(): Promise<void>;
}

export async function serveLocalSite(routes: Record<string, RouteHandler>): Promise<LocalSite> {
  const requests: SiteRequest[] = [];
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ host: request.headers.host ?? '', path });
    const route = routes[new URL(path, 'http://site').pathname] ?? notFound;
    route(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    paths: () => requests.map((request) => request.path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function respond(status: number, contentType: string, body: string | Buffer): RouteHandler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
    response.end(body);
  };
}

const notFound: RouteHandler = respond(404, 'text/html', '<h1>Not found</h1>');

export function htmlPage(body: string, { title = 'Page', head = '' } = {}): RouteHandler {
  return respond(
    200,
    'text/html; charset=utf-8',
    `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`,
  );
}

export function redirectTo(location: string, status = 301): RouteHandler {
  return (_request, response) => {
    response.writeHead(status, { location });
    response.end();
  };
}
