// The document parser's worker thread starts here (see parseWorker.ts).
import { existsSync, readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';

// Parsing is background work: when the CPU is short, requests should win it. On Linux a nice value
// belongs to a thread, so this lowers the worker's and not the server's.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), constants.priority.PRIORITY_BELOW_NORMAL);
} catch {
  // Not Linux: the worker runs at the server's priority.
}

// In development and tests the server is TypeScript run by tsx, but a worker thread does not inherit
// tsx's loader, and on Node 20 it ignores loader flags (`execArgv: ['--import', 'tsx']`): when the
// entry beside this file is TypeScript, register tsx in the thread first. The same works under vitest.
// The compiled server (server/dist, where the build rewrites the import below to .js) runs on plain Node.
if (existsSync(new URL('./parseWorkerEntry.ts', import.meta.url))) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import('./parseWorkerEntry.ts');
