// Preloaded into the local Chroma child (node --import). Chroma's CLI blocks the main thread in
// native code, so a worker thread waits for the parent's end of stdin to close (which happens
// however the parent dies, SIGKILL included) and then ends the process.
import { Buffer } from 'node:buffer';
import { readSync } from 'node:fs';
import { Worker, isMainThread } from 'node:worker_threads';

if (isMainThread) {
  new Worker(new URL(import.meta.url)).unref();
} else {
  const buffer = Buffer.alloc(64);
  try {
    while (readSync(0, buffer) > 0);
  } catch {
    // stdin unreadable: treat it like a closed pipe
  }
  process.kill(process.pid, 'SIGTERM');
}
