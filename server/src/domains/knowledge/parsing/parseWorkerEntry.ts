// The process that parses one document (started by parseWorker.ts through parseWorkerBoot.mjs):
// parses what it is sent and sends the outcome back.
import { parseDocument } from './parse.ts';
import type { ParseOutcome, ParseWorkerInput } from './parseWorker.ts';
import { DocumentProcessingError } from '../documents/problems.ts';

async function outcome({ kind, data }: ParseWorkerInput): Promise<ParseOutcome> {
  try {
    return { parsed: await parseDocument(kind, Buffer.from(data.buffer, data.byteOffset, data.byteLength)) };
  } catch (error) {
    if (error instanceof DocumentProcessingError) return { problem: error.problem, detail: error.detail };
    return { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

process.once('message', (input: ParseWorkerInput) => {
  void outcome(input).then((result) => process.send!(result));
});
