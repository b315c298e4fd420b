import { Worker } from 'node:worker_threads';
import type { ParsedDocument } from './parse.ts';
import { PARSE_WORKER_LIMITS } from './parseLimits.ts';
import { DocumentProcessingError, type DocumentProblem } from './problems.ts';
import type { DocumentKind } from './sniff.ts';

/** Turns an uploaded file into sections; rejects with a DocumentProcessingError for the customer. */
export interface DocumentParser {
  parse(kind: DocumentKind, data: Buffer): Promise<ParsedDocument>;
}

export type ParseWorkerLimits = typeof PARSE_WORKER_LIMITS;

/** What the worker posts back: the parsed document, an expected problem, or a bug. */
export type ParseOutcome = { parsed: ParsedDocument } | { problem: DocumentProblem; detail?: string } | { error: string };

export interface ParseWorkerInput {
  kind: DocumentKind;
  data: Uint8Array;
}

const WORKER_BOOT = new URL('./parseWorkerBoot.mjs', import.meta.url);

/**
 * Parses each document in a fresh worker thread with a capped heap and a time limit, so a file that
 * explodes in memory or time fails alone, instead of stalling every request or killing the server.
 */
export class WorkerDocumentParser implements DocumentParser {
  constructor(private readonly limits: ParseWorkerLimits = PARSE_WORKER_LIMITS) {}

  parse(kind: DocumentKind, data: Buffer): Promise<ParsedDocument> {
    return parseInWorker(kind, data, this.limits);
  }
}

export function parseInWorker(kind: DocumentKind, data: Buffer, limits: ParseWorkerLimits = PARSE_WORKER_LIMITS): Promise<ParsedDocument> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_BOOT, {
      workerData: { kind, data } satisfies ParseWorkerInput,
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb,
      },
    });
    const timer = setTimeout(
      () => settle(new DocumentProcessingError('tooSlow', kind, `no result after ${limits.timeoutMs} ms`)),
      limits.timeoutMs,
    );
    let settled = false;
    const settle = (result: ParsedDocument | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Done or not, the worker goes: nothing it still holds (timers, pdf.js state) is wanted.
      void worker.terminate();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    worker.on('message', (outcome: ParseOutcome) => settle(fromOutcome(kind, outcome)));
    worker.on('error', (error: Error & { code?: string }) =>
      settle(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new DocumentProcessingError('tooMuchMemory', kind, error.message) : error),
    );
    // An exit before any answer: the parse's own failures are posted or raised ('error' above), so a
    // non-zero exit is the thread being stopped, which only its limits do.
    worker.on('exit', (code) =>
      settle(
        code === 0
          ? new Error('The document parser stopped without an answer')
          : new DocumentProcessingError('tooMuchMemory', kind, `the parser stopped with exit code ${code}`),
      ),
    );
  });
}

function fromOutcome(kind: DocumentKind, outcome: ParseOutcome): ParsedDocument | Error {
  if ('parsed' in outcome) return outcome.parsed;
  if ('problem' in outcome) return new DocumentProcessingError(outcome.problem, kind, outcome.detail);
  return new Error(`The document parser failed: ${outcome.error}`);
}
