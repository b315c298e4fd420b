import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { BullJobQueue, InProcessJobQueue, createJobQueue, type JobQueue, type JobQueueHooks } from './index.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const prefix = `test-queue-${randomUUID()}`;

const implementations: [string, (hooks?: JobQueueHooks) => JobQueue][] = [
  ['in-process', (hooks) => new InProcessJobQueue(hooks)],
  ['bullmq', (hooks) => new BullJobQueue({ url: REDIS_URL, prefix, ...hooks })],
];

describe.each(implementations)('%s JobQueue', (_name, create) => {
  const opened: JobQueue[] = [];
  const open = (hooks?: JobQueueHooks): JobQueue => {
    const queue = create(hooks);
    opened.push(queue);
    return queue;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((queue) => queue.close()));
  });
  // Queue names are unique per test so that BullMQ tests never see each other's jobs.
  const queueName = (): string => `q-${randomUUID()}`;

  it('runs enqueued jobs with their payload, id and attempt number', async () => {
    const queue = open();
    const name = queueName();
    const seen = deferred<unknown[]>();
    queue.register<{ botId: string }>(name, async (payload, job) => seen.resolve([payload, job]));
    await queue.start();
    const id = await queue.enqueue(name, { botId: 'b1', at: new Date(0) });
    expect(await seen.promise).toEqual([
      { botId: 'b1', at: '1970-01-01T00:00:00.000Z' },
      { id, attempt: 1 },
    ]);
  });

  it('keeps jobs enqueued before start() until then', async () => {
    const queue = open();
    const name = queueName();
    const done = deferred<unknown>();
    queue.register(name, async (payload) => done.resolve(payload));
    await queue.enqueue(name, { n: 1 });
    await queue.start();
    expect(await done.promise).toEqual({ n: 1 });
  });

  it('repeats a job every period until closed, asked again or not', async () => {
    const queue = open();
    const name = queueName();
    let runs = 0;
    const repeated = deferred<void>();
    queue.register(name, async () => {
      if (++runs === 3) repeated.resolve();
    });
    await queue.repeat(name, 20);
    await queue.repeat(name, 20);
    await queue.start();
    await repeated.promise;
  });

  it('retries a failing job with backoff and reports the attempt number', async () => {
    const queue = open();
    const name = queueName();
    const attempts: number[] = [];
    const succeeded = deferred<void>();
    queue.register(
      name,
      async (_payload, job) => {
        attempts.push(job.attempt);
        if (job.attempt < 3) throw new Error(`boom ${job.attempt}`);
        succeeded.resolve();
      },
      { attempts: 3, backoffMs: 10 },
    );
    await queue.start();
    await queue.enqueue(name, {});
    await succeeded.promise;
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('after the last attempt calls the queue hook and the global onFailed once, even if one throws', async () => {
    const globalFailed = deferred<unknown[]>();
    const onFailed = vi.fn(async (...args: unknown[]) => globalFailed.resolve(args));
    const queueOnFailed = vi.fn(async () => {
      throw new Error('the domain hook broke');
    });
    const logger = { warn: vi.fn(), error: vi.fn() };
    const queue = open({ onFailed, logger });
    const name = queueName();
    let runs = 0;
    queue.register(
      name,
      async () => {
        runs += 1;
        throw new Error('always fails');
      },
      { attempts: 2, backoffMs: 10, onFailed: queueOnFailed },
    );
    await queue.start();
    await queue.enqueue(name, { documentId: 'd1' });
    const [failedName, payload, error] = await globalFailed.promise;
    expect([failedName, payload, (error as Error).message]).toEqual([name, { documentId: 'd1' }, 'always fails']);
    expect(queueOnFailed).toHaveBeenCalledExactlyOnceWith({ documentId: 'd1' }, error);
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(runs).toBe(2);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls.map(([, message]) => message)).toEqual(['job failed for the last time', 'onFailed hook threw']);
  });

  it('ignores a job id enqueued again while pending, and accepts it again once done', async () => {
    const queue = open();
    const name = queueName();
    const runs: unknown[] = [];
    let marker = deferred<void>();
    queue.register(name, async (payload) => {
      if (payload === 'marker') marker.resolve();
      else runs.push(payload);
    });
    expect(await queue.enqueue(name, 'first', { jobId: 'crawl-bot-1' })).toBe('crawl-bot-1');
    expect(await queue.enqueue(name, 'duplicate', { jobId: 'crawl-bot-1' })).toBe('crawl-bot-1');
    // With concurrency 1 the marker runs only once the first job is finished and forgotten.
    await queue.enqueue(name, 'marker');
    await queue.start();
    await marker.promise;

    marker = deferred<void>();
    await queue.enqueue(name, 'after completion', { jobId: 'crawl-bot-1' });
    await queue.enqueue(name, 'marker');
    await marker.promise;
    expect(runs).toEqual(['first', 'after completion']);
  });

  it('runs at most `concurrency` jobs of a queue at once', async () => {
    const queue = open();
    const name = queueName();
    let running = 0;
    let peak = 0;
    let finished = 0;
    const allDone = deferred<void>();
    const twoRunning = deferred<void>();
    queue.register(
      name,
      async () => {
        running += 1;
        peak = Math.max(peak, running);
        if (running === 2) twoRunning.resolve();
        await twoRunning.promise;
        running -= 1;
        finished += 1;
        if (finished === 5) allDone.resolve();
      },
      { concurrency: 2 },
    );
    for (let i = 0; i < 5; i += 1) await queue.enqueue(name, i);
    await queue.start();
    await allDone.promise;
    expect(peak).toBe(2);
  });

  it('runs a delayed job after its delay', async () => {
    const queue = open();
    const name = queueName();
    const ran = deferred<unknown>();
    queue.register(name, async (payload) => ran.resolve(payload));
    await queue.start();
    await queue.enqueue(name, 'later', { delayMs: 50 });
    expect(await ran.promise).toBe('later');
  });

  it('waits for running jobs on close', async () => {
    const queue = create();
    const name = queueName();
    const started = deferred<void>();
    const release = deferred<void>();
    let finished = false;
    queue.register(name, async () => {
      started.resolve();
      await release.promise;
      finished = true;
    });
    await queue.start();
    await queue.enqueue(name, {});
    await started.promise;
    const closing = queue.close();
    release.resolve();
    await closing;
    expect(finished).toBe(true);
  });

  it('rejects unregistered queues and job ids BullMQ cannot store', async () => {
    const queue = open();
    const name = queueName();
    queue.register(name, async () => {});
    await expect(queue.enqueue('nope', {})).rejects.toThrow(/not registered/);
    await expect(queue.enqueue(name, {}, { jobId: 'crawl:1' })).rejects.toThrow(/Invalid job id/);
    await expect(queue.enqueue(name, {}, { jobId: '42' })).rejects.toThrow(/Invalid job id/);
    expect(() => queue.register('a:b', async () => {})).toThrow(/Invalid queue name/);
    expect(() => queue.register(name, async () => {})).toThrow(/already registered/);
    await queue.start();
    expect(() => queue.register(queueName(), async () => {})).toThrow(/before start/);
  });
});

describe('InProcessJobQueue', () => {
  it('onIdle waits for delayed jobs and retries, then resolves', async () => {
    const queue = new InProcessJobQueue();
    const runs: number[] = [];
    queue.register(
      'flaky',
      async (_payload, job) => {
        runs.push(job.attempt);
        if (job.attempt === 1) throw new Error('once');
      },
      { backoffMs: 5 },
    );
    await queue.start();
    await queue.enqueue('flaky', {}, { delayMs: 5 });
    await queue.onIdle();
    expect(runs).toEqual([1, 2]);
    await queue.close();
  });

  it('is what createJobQueue returns without a Redis URL', async () => {
    const queue = createJobQueue();
    expect(queue).toBeInstanceOf(InProcessJobQueue);
    await queue.close();
  });
});

describe('BullJobQueue', () => {
  const redis = new Redis(REDIS_URL);
  afterAll(async () => {
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) await redis.del(...keys);
    }
    await redis.quit();
  });

  it('lets an enqueue-only replica hand jobs to a worker process', async () => {
    const name = `q-${randomUUID()}`;
    const api = createJobQueue({ redisUrl: REDIS_URL, prefix });
    const worker = createJobQueue({ redisUrl: REDIS_URL, prefix });
    const done = deferred<unknown>();
    api.register(name, async () => {
      throw new Error('handlers never run where start() is not called');
    });
    worker.register(name, async (payload) => done.resolve(payload));
    try {
      await api.enqueue(name, { sourceId: 's1' });
      await worker.start();
      expect(await done.promise).toEqual({ sourceId: 's1' });
    } finally {
      await Promise.all([api.close(), worker.close()]);
    }
  });
});

function deferred<T>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
