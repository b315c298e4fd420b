import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { assertJobId, reportFailure, toRegistration, type Registration } from './shared.ts';
import type { EnqueueOptions, JobHandler, JobQueue, JobQueueHooks, RegisterOptions } from './types.ts';

export interface BullJobQueueOptions extends JobQueueHooks {
  url: string;
  /** BullMQ's key prefix (its default is `bull`); tests use a unique one. */
  prefix?: string;
  /**
   * How long a worker's lock on a running job lasts without renewal (it renews at half of it), and
   * how often stalled jobs (lock expired: their worker died) are put back: BullMQ's 30 s by default.
   */
  lockMs?: number | undefined;
}

interface BullRegistration extends Registration {
  queue: Queue;
}

/**
 * Jobs in Redis through BullMQ, for API replicas plus worker processes. Every process can
 * enqueue; handlers only run where `start()` was called.
 */
export class BullJobQueue implements JobQueue {
  readonly durable = true;
  private readonly registrations = new Map<string, BullRegistration>();
  private readonly workers: Worker[] = [];
  private readonly failureReports = new Set<Promise<void>>();
  private readonly url: string;
  private readonly prefix: string | undefined;
  private readonly lockMs: number | undefined;
  private readonly hooks: JobQueueHooks;
  /** Shared by every Queue; keeps ioredis' default retry limit so enqueue fails when Redis is gone. */
  private readonly producerConnection: Redis;
  /** Shared by every Worker (each also opens its own blocking connection); BullMQ needs no retry limit. */
  private workerConnection: Redis | undefined;

  constructor(options: BullJobQueueOptions) {
    this.url = options.url;
    this.prefix = options.prefix;
    this.lockMs = options.lockMs;
    this.hooks = { onFailed: options.onFailed, logger: options.logger };
    this.producerConnection = new Redis(options.url);
  }

  register<T>(name: string, handler: JobHandler<T>, options: RegisterOptions<T> = {}): void {
    if (this.workerConnection) throw new Error(`Queue ${name} must be registered before start()`);
    if (this.registrations.has(name)) throw new Error(`Queue ${name} is already registered`);
    const registration = toRegistration(name, handler, options);
    const queue = new Queue(name, {
      connection: this.producerConnection,
      prefix: this.prefix,
      defaultJobOptions: {
        attempts: registration.policy.attempts,
        backoff: { type: 'exponential', delay: registration.policy.backoffMs },
        // Finished jobs are removed so their ids can be enqueued again, as in the embedded queue.
        // Failures reach the onFailed hooks and the log instead.
        removeOnComplete: true,
        removeOnFail: true,
      },
    });
    queue.on('error', (error) => this.hooks.logger?.error({ queue: name, err: error }, 'queue error'));
    this.registrations.set(name, { ...registration, queue });
  }

  async enqueue<T>(name: string, payload: T, options: EnqueueOptions = {}): Promise<string> {
    const registration = this.registrations.get(name);
    if (!registration) throw new Error(`Queue ${name} is not registered`);
    if (options.jobId !== undefined) assertJobId(options.jobId);
    const job = await registration.queue.add(name, payload, { jobId: options.jobId, delay: options.delayMs });
    return job.id!;
  }

  async repeat(name: string, everyMs: number): Promise<void> {
    const registration = this.registrations.get(name);
    if (!registration) throw new Error(`Queue ${name} is not registered`);
    await registration.queue.upsertJobScheduler(`${name}.repeat`, { every: everyMs }, { name, data: {} });
  }

  async start(): Promise<void> {
    if (this.workerConnection) return;
    const connection = new Redis(this.url, { maxRetriesPerRequest: null });
    this.workerConnection = connection;
    for (const registration of this.registrations.values()) {
      const { name, handler, policy } = registration;
      const worker = new Worker(name, (job: Job) => handler(job.data, { id: job.id!, attempt: job.attemptsMade + 1 }), {
        connection,
        prefix: this.prefix,
        concurrency: policy.concurrency,
        ...(this.lockMs === undefined ? {} : { lockDuration: this.lockMs, stalledInterval: this.lockMs }),
      });
      worker.on('failed', (job, error) => {
        if (!job) return;
        // attemptsMade already counts this run; finishedOn is set only once BullMQ gives up.
        const report = reportFailure(this.hooks, registration, {
          jobId: job.id,
          attempt: job.attemptsMade,
          payload: job.data,
          error,
          final: Boolean(job.finishedOn),
        }).finally(() => this.failureReports.delete(report));
        this.failureReports.add(report);
      });
      worker.on('error', (error) => this.hooks.logger?.error({ queue: name, err: error }, 'worker error'));
      this.workers.push(worker);
    }
    await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
    await Promise.all(this.failureReports);
    await Promise.all([...this.registrations.values()].map(({ queue }) => queue.close()));
    await Promise.all([this.producerConnection, this.workerConnection].map(async (connection) => connection?.quit()));
  }
}
