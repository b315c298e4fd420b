import { BullJobQueue } from './bullmq.ts';
import { InProcessJobQueue } from './inProcess.ts';
import type { JobQueue, JobQueueHooks } from './types.ts';

export type {
  EnqueueOptions,
  FailedJobHook,
  JobContext,
  JobHandler,
  JobQueue,
  JobQueueHooks,
  QueueLogger,
  RegisterOptions,
  RetryPolicy,
} from './types.ts';
export { BullJobQueue } from './bullmq.ts';
export { InProcessJobQueue } from './inProcess.ts';

export interface JobQueueOptions extends JobQueueHooks {
  /** With a Redis URL, jobs go through BullMQ and survive restarts; otherwise they run in this process. */
  redisUrl?: string | undefined;
  /** BullMQ key prefix. */
  prefix?: string;
  /** BullMQ's job lock and stall check interval (see BullJobQueueOptions.lockMs). */
  lockMs?: number | undefined;
}

export function createJobQueue(options: JobQueueOptions = {}): JobQueue {
  const { redisUrl, prefix, lockMs, ...hooks } = options;
  return redisUrl ? new BullJobQueue({ url: redisUrl, prefix, lockMs, ...hooks }) : new InProcessJobQueue(hooks);
}
