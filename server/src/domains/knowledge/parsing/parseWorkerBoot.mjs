// The document parser's child process starts here (see parseWorker.ts).
import { existsSync } from 'node:fs';
import { constants, setPriority } from 'node:os';

// Parsing is background work: when the CPU is short, requests should win it.
try {
  setPriority(process.pid, constants.priority.PRIORITY_BELOW_NORMAL);
} catch {
  // Not allowed here: the parser runs at the server's priority.
}

// In development and tests the server is TypeScript run by tsx, whose loader the parser process is
// not started with (it gets only its heap limits): when the entry beside this file is TypeScript,
// register tsx first. The compiled server (server/dist, where the build rewrites the import below to
// .js) runs on plain Node.
if (existsSync(new URL('./parseWorkerEntry.ts', import.meta.url))) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import('./parseWorkerEntry.ts');
