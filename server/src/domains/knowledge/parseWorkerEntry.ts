// The worker thread that parses one document (started by parseWorker.ts through parseWorkerBoot.mjs):
// parses what it is given and posts the outcome back.
import { parentPort, workerData } from 'node:worker_threads';
import { parseDocument } from './parse.ts';
import type { ParseOutcome, ParseWorkerInput } from './parseWorker.ts';
import { DocumentProcessingError } from './problems.ts';

const { kind, data } = workerData as ParseWorkerInput;

async function outcome(): Promise<ParseOutcome> {
  try {
    return { parsed: await parseDocument(kind, Buffer.from(data.buffer, data.byteOffset, data.byteLength)) };
  } catch (error) {
    if (error instanceof DocumentProcessingError) return { problem: error.problem, detail: error.detail };
    return { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

parentPort!.postMessage(await outcome());
