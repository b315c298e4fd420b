import { randomUUID } from 'node:crypto';
import { assertJobId, reportFailure, toRegistration, type Registration } from './shared.ts';
import type { EnqueueOptions, JobHandler, JobQueue, JobQueueHooks, RegisterOptions } from './types.ts';

interface Job {
  id: string;
  payload: unknown;
  attempt: number;
}

interface Queue extends Registration {
  ready: Job[];
  running: number;
}

/**
 * The embedded default: jobs live in memory and run in this process, so jobs still pending at
 * shutdown are lost. Retries, delays and dedup behave as on BullMQ.
 */
export class InProcessJobQueue implements JobQueue {
  readonly durable = false;
  private readonly queues = new Map<string, Queue>();
  /** Ids of jobs not yet finished (waiting, delayed, running or awaiting a retry). */
  private readonly pendingIds = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Repeating enqueues by queue name; apart from `timers`, which say the queue is not idle. */
  private readonly repeaters = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private idleWaiters: (() => void)[] = [];
  private started = false;
  private closed = false;

  constructor(private readonly hooks: JobQueueHooks = {}) {}

  register<T>(name: string, handler: JobHandler<T>, options: RegisterOptions<T> = {}): void {
    if (this.started) throw new Error(`Queue ${name} must be registered before start()`);
    if (this.queues.has(name)) throw new Error(`Queue ${name} is already registered`);
    this.queues.set(name, { ...toRegistration(name, handler, options), ready: [], running: 0 });
  }

  async enqueue<T>(name: string, payload: T, options: EnqueueOptions = {}): Promise<string> {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`Queue ${name} is not registered`);
    if (this.closed) throw new Error('The job queue is closed');
    if (options.jobId !== undefined) assertJobId(options.jobId);
    const id = options.jobId ?? randomUUID();
    if (this.pendingIds.has(id)) return id;
    const job: Job = { id, payload: jsonCopy(payload), attempt: 0 };
    this.pendingIds.add(id);
    if (options.delayMs && options.delayMs > 0) this.later(options.delayMs, () => this.push(queue, job));
    else this.push(queue, job);
    return id;
  }

  async repeat(name: string, everyMs: number): Promise<void> {
    if (!this.queues.has(name)) throw new Error(`Queue ${name} is not registered`);
    clearInterval(this.repeaters.get(name));
    // One job at a time: a period that comes while the last one still runs is skipped.
    const timer = setInterval(() => void this.enqueue(name, {}, { jobId: `${name}.repeat` }).catch(() => undefined), everyMs);
    timer.unref();
    this.repeaters.set(name, timer);
  }

  async start(): Promise<void> {
    this.started = true;
    for (const queue of this.queues.values()) this.drain(queue);
  }

  /** Waits for running jobs; waiting, delayed and retrying jobs are dropped (nothing persists them). */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const timer of this.repeaters.values()) clearInterval(timer);
    this.repeaters.clear();
    for (const queue of this.queues.values()) queue.ready.length = 0;
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
    this.pendingIds.clear();
    this.settleIdle();
  }

  onIdle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.settleIdle();
    });
  }

  private push(queue: Queue, job: Job): void {
    queue.ready.push(job);
    this.drain(queue);
  }

  private drain(queue: Queue): void {
    while (this.started && !this.closed && queue.running < queue.policy.concurrency && queue.ready.length > 0) {
      const job = queue.ready.shift()!;
      queue.running += 1;
      const run = this.run(queue, job).finally(() => {
        queue.running -= 1;
        this.running.delete(run);
        this.drain(queue);
        this.settleIdle();
      });
      this.running.add(run);
    }
  }

  private async run(queue: Queue, job: Job): Promise<void> {
    job.attempt += 1;
    try {
      await queue.handler(job.payload, { id: job.id, attempt: job.attempt });
      this.pendingIds.delete(job.id);
    } catch (error) {
      const final = job.attempt >= queue.policy.attempts;
      // After close a retry is dropped unreported, like the jobs still waiting.
      if (!final && this.closed) return;
      if (final) this.pendingIds.delete(job.id);
      else this.later(queue.policy.backoffMs * 2 ** (job.attempt - 1), () => this.push(queue, job));
      await reportFailure(this.hooks, queue, { jobId: job.id, attempt: job.attempt, payload: job.payload, error, final });
    }
  }

  private later(delayMs: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      action();
      this.settleIdle();
    }, delayMs);
    this.timers.add(timer);
  }

  private settleIdle(): void {
    const idle = this.running.size === 0 && this.timers.size === 0 && [...this.queues.values()].every((queue) => queue.ready.length === 0);
    if (!idle) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}

/** BullMQ stores payloads as JSON; the same copy here gives handlers the same values (dates as strings). */
function jsonCopy(payload: unknown): unknown {
  const json = JSON.stringify(payload);
  if (json === undefined) throw new TypeError('Job payloads must be JSON-serialisable');
  return JSON.parse(json);
}
