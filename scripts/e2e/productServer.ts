// The product server the client's and the widget's end-to-end suites both drive.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startServerProcess } from '../../server/scripts/serverProcess.ts';

export { freePort };

export interface ProductServer {
  url: string;
  /** Where the server writes its mail (no SMTP configured): one JSON file per message. */
  outboxDir: string;
  stop(): Promise<void>;
}

/**
 * The real product server, serving whatever client and widget builds exist, as a child process on
 * its own port and data directory with the embedded database and no AI key (the offline extractive
 * answerer replies). Its environment is built from scratch so a developer's DATABASE_URL or
 * OPENAI_API_KEY cannot leak in; the crawler may fetch private addresses so that it can crawl the
 * sites the tests serve on 127.0.0.1. `environment` adds what a suite needs (fakes of outside services).
 */
export async function startProductServer(environment: Record<string, string> = {}): Promise<ProductServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'product-e2e-'));
  const server = await startServerProcess('tsx', { dataDir, env: { CRAWL_ALLOW_PRIVATE_NETWORKS: 'true', ...environment } });
  return {
    url: server.url,
    outboxDir: path.join(dataDir, 'outbox'),
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
