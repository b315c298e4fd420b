import { fork } from 'node:child_process';
import type { ParsedDocument } from './parse.ts';
import { PARSE_WORKER_LIMITS } from './parseLimits.ts';
import { DocumentProcessingError, type DocumentProblem } from '../documents/problems.ts';
import type { DocumentKind } from './sniff.ts';

/** Turns an uploaded file into sections; rejects with a DocumentProcessingError for the customer. */
export interface DocumentParser {
  parse(kind: DocumentKind, data: Buffer): Promise<ParsedDocument>;
}

export type ParseWorkerLimits = typeof PARSE_WORKER_LIMITS;

/** What the parser process sends back: the parsed document, an expected problem, or a bug. */
export type ParseOutcome = { parsed: ParsedDocument } | { problem: DocumentProblem; detail?: string } | { error: string };

export interface ParseWorkerInput {
  kind: DocumentKind;
  data: Uint8Array;
}

const PARSER_BOOT = new URL('./parseWorkerBoot.mjs', import.meta.url);

/**
 * Parses each document in a fresh child process with a capped heap and a time limit, so a file that
 * explodes in memory or time fails alone, instead of stalling every request or killing the server.
 * A process, not a worker thread: V8 may end the whole process when a thread runs out of heap.
 */
export class WorkerDocumentParser implements DocumentParser {
  constructor(private readonly limits: ParseWorkerLimits = PARSE_WORKER_LIMITS) {}

  parse(kind: DocumentKind, data: Buffer): Promise<ParsedDocument> {
    return parseInWorker(kind, data, this.limits);
  }
}

export function parseInWorker(kind: DocumentKind, data: Buffer, limits: ParseWorkerLimits = PARSE_WORKER_LIMITS): Promise<ParsedDocument> {
  return new Promise((resolve, reject) => {
    const parser = fork(PARSER_BOOT, [], {
      // Only the heap limits: the server's own flags (a test runner's, tsx's loader) are not the parser's.
      execArgv: [`--max-old-space-size=${limits.maxOldGenerationSizeMb}`, `--max-semi-space-size=${limits.maxYoungGenerationSizeMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let errorOutput = '';
    parser.stderr?.on('data', (chunk: Buffer) => (errorOutput = (errorOutput + chunk.toString()).slice(-2_000)));
    const timer = setTimeout(
      () => settle(new DocumentProcessingError('tooSlow', kind, `no result after ${limits.timeoutMs} ms`)),
      limits.timeoutMs,
    );
    let settled = false;
    const settle = (result: ParsedDocument | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Done or not, the process goes: nothing it still holds (timers, pdf.js state) is wanted.
      parser.kill('SIGKILL');
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    parser.on('message', (outcome: ParseOutcome) => settle(fromOutcome(kind, outcome)));
    parser.on('error', (error) => settle(error));
    // An exit before any answer: the parse's own failures are sent back, so the process ending
    // without one is V8 stopping it at its heap limit (or the system killing it).
    parser.on('exit', (code, signal) =>
      settle(
        code === 0
          ? new Error('The document parser stopped without an answer')
          : new DocumentProcessingError(
              'tooMuchMemory',
              kind,
              `the parser stopped (${signal ?? `exit code ${code}`}): ${lastLine(errorOutput)}`,
            ),
      ),
    );
    parser.send({ kind, data } satisfies ParseWorkerInput, (error) => {
      if (error) settle(error);
    });
  });
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}

function fromOutcome(kind: DocumentKind, outcome: ParseOutcome): ParsedDocument | Error {
  if ('parsed' in outcome) return outcome.parsed;
  if ('problem' in outcome) return new DocumentProcessingError(outcome.problem, kind, outcome.detail);
  return new Error(`The document parser failed: ${outcome.error}`);
}
