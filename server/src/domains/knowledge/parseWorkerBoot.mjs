// The document parser's worker thread starts here (see parseWorker.ts).
import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { register } from 'tsx/esm/api';

// Parsing is background work: when the CPU is short, requests should win it. On Linux a nice value
// belongs to a thread, so this lowers the worker's and not the server's.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), constants.priority.PRIORITY_BELOW_NORMAL);
} catch {
  // Not Linux: the worker runs at the server's priority.
}

// The server is TypeScript run by tsx, but a worker thread does not inherit tsx's loader, and on
// Node 20 it ignores loader flags (`execArgv: ['--import', 'tsx']`): register tsx in the thread, then
// import the TypeScript entry. The same works under vitest.
register();
await import('./parseWorkerEntry.ts');
