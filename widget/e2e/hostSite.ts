import { createServer, type Server } from 'node:http';
import { freePort } from '../../scripts/e2e/productServer.ts';

export interface HostSite {
  url: string;
  stop(): Promise<void>;
}

/** A customer's website on another origin: plain pages (and .css files) behind a strict CSP that trusts only itself and the product. */
export async function startHostSite(productOrigin: string, pages: Record<string, string>): Promise<HostSite> {
  const port = await freePort();
  const csp = `default-src 'self' ${productOrigin}; object-src 'none'; base-uri 'none'`;
  const server: Server = createServer((request, response) => {
    const page = pages[new URL(request.url ?? '/', 'http://host').pathname];
    if (page === undefined) {
      response.writeHead(404).end();
      return;
    }
    const type = request.url?.endsWith('.css') ? 'text/css' : 'text/html; charset=utf-8';
    response.writeHead(200, { 'content-type': type, 'content-security-policy': csp }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
