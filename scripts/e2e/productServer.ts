// The product server the client's and the widget's end-to-end suites both drive.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/scripts/serverProcess.ts';

const serverDir = fileURLToPath(new URL('../../server', import.meta.url));

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
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'product-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      CRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) resolve();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => reject(new Error(`the server exited (code ${code}) before it was ready:\n${output}`)));
  });
  return {
    url,
    outboxDir: path.join(dataDir, 'outbox'),
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
