import type { JobHandler, JobQueueHooks, RegisterOptions, RetryPolicy } from './types.ts';

const DEFAULT_POLICY: RetryPolicy = { concurrency: 1, attempts: 3, backoffMs: 1_000 };

const SAFE_NAME = /^[A-Za-z0-9_.-]{1,200}$/;
const SAFE_NAME_RULE = 'use 1 to 200 letters, digits, "_", "-" and "."';

/** What both implementations keep per registered queue. */
export interface Registration {
  name: string;
  handler: JobHandler<unknown>;
  policy: RetryPolicy;
  onFailed: ((payload: unknown, error: Error) => void | Promise<void>) | undefined;
}

export function toRegistration<T>(name: string, handler: JobHandler<T>, options: RegisterOptions<T>): Registration {
  assertQueueName(name);
  const { onFailed, ...policy } = options;
  return {
    name,
    handler: handler as JobHandler<unknown>,
    policy: { ...DEFAULT_POLICY, ...policy },
    onFailed: onFailed as Registration['onFailed'],
  };
}

/**
 * BullMQ rejects `:` in queue names and job ids, and integers as job ids. Checking in every
 * implementation keeps code that works on the embedded queue working on BullMQ.
 */
function assertQueueName(name: string): void {
  if (!SAFE_NAME.test(name)) throw new Error(`Invalid queue name ${JSON.stringify(name)}: ${SAFE_NAME_RULE}`);
}

export function assertJobId(jobId: string): void {
  if (!SAFE_NAME.test(jobId) || String(Number.parseInt(jobId, 10)) === jobId) {
    throw new Error(`Invalid job id ${JSON.stringify(jobId)}: ${SAFE_NAME_RULE}, not an integer`);
  }
}

export interface FailedRun {
  jobId: string | undefined;
  attempt: number;
  payload: unknown;
  error: unknown;
  /** False when another attempt is scheduled. */
  final: boolean;
}

/** Logs a failed run; after the last one, tells the domain through the queue's and the global hook. */
export async function reportFailure(hooks: JobQueueHooks, registration: Registration, run: FailedRun): Promise<void> {
  const error = run.error instanceof Error ? run.error : new Error(String(run.error));
  const details = { queue: registration.name, jobId: run.jobId, attempt: run.attempt, err: error };
  if (!run.final) {
    hooks.logger?.warn(details, 'job failed, will retry');
    return;
  }
  hooks.logger?.error(details, 'job failed for the last time');
  const notifications = [() => registration.onFailed?.(run.payload, error), () => hooks.onFailed?.(registration.name, run.payload, error)];
  for (const notify of notifications) {
    try {
      await notify();
    } catch (hookError) {
      hooks.logger?.error({ queue: registration.name, jobId: run.jobId, err: hookError }, 'onFailed hook threw');
    }
  }
}
