export interface JobContext {
  id: string;
  /** 1 on the first run, 2 on the first retry, and so on. */
  attempt: number;
}

export type JobHandler<T> = (payload: T, job: JobContext) => Promise<void>;

export interface RetryPolicy {
  /** Jobs of this queue run at most this many at a time (per worker process on BullMQ). Default 1. */
  concurrency: number;
  /** Runs before giving up, the first included. Default 3. */
  attempts: number;
  /** Retry n waits backoffMs * 2^(n-1). Default 1000. */
  backoffMs: number;
}

export interface RegisterOptions<T = unknown> extends Partial<RetryPolicy> {
  /** Called after this queue's job failed its last attempt (before the queue-wide hook). */
  onFailed?: (payload: T, error: Error) => void | Promise<void>;
}

export interface EnqueueOptions {
  /**
   * While a job with this id is waiting, delayed, running or awaiting a retry, enqueueing it again
   * does nothing and returns the same id. Letters, digits, `_`, `-`, `.`; not only digits.
   */
  jobId?: string;
  delayMs?: number;
}

/** Called once a job of any queue has failed its last attempt. */
export type FailedJobHook = (name: string, payload: unknown, error: Error) => void | Promise<void>;

/** The part of a pino logger the queues use. */
export interface QueueLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobQueueHooks {
  onFailed?: FailedJobHook;
  logger?: QueueLogger;
}

/**
 * Background jobs by queue name. Every process registers the same queues (registration carries
 * the retry policy enqueueing needs); only processes that call `start()` run the handlers.
 */
export interface JobQueue {
  /**
   * Jobs outlive the process (Redis): a stopped worker's running job goes back to the queue through
   * the queue's own stall detection, so a booting process must not resume it (another live process
   * may hold it). In memory, a stopped process's jobs are gone and the next boot resumes them.
   */
  readonly durable: boolean;
  register<T>(name: string, handler: JobHandler<T>, options?: RegisterOptions<T>): void;
  /** Rejects for a queue that was not registered. Resolves with the job id. */
  enqueue<T>(name: string, payload: T, options?: EnqueueOptions): Promise<string>;
  /**
   * Enqueues a job of `name` (empty payload) every `everyMs`, once per period however many processes
   * ask (Redis keeps one scheduler per queue; in memory, this process is the only one). Asking again
   * replaces the period.
   */
  repeat(name: string, everyMs: number): Promise<void>;
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones to finish. */
  close(): Promise<void>;
  /** Resolves when nothing is waiting, delayed or running (embedded queue; for tests). */
  onIdle?(): Promise<void>;
}
