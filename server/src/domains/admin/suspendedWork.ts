// A suspended customer's queued work waits: a job that finds its owner suspended is kept (held),
// not run, not failed; enabling the customer queues every kept job again.
import type { Logger } from 'pino';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import type { JobQueue } from '../../platform/queue/index.ts';
import { uuidv7 } from '../../platform/ids.ts';

/** A job its handler may keep for later: its queue, its id there (kept once per id) and its payload. */
export interface HoldableJob {
  queue: string;
  key: string;
  payload: unknown;
}

/** What the handlers of a customer's jobs ask before doing any work (see SuspendedWork). */
export interface WorkHolds {
  /**
   * True when `ownerId` is suspended: the job is kept, to be queued again when they are enabled, and
   * its handler must return without doing anything. False (run it) for anyone else, and for work
   * without an owner (demo bots).
   */
  holdIfSuspended(ownerId: string | null | undefined, job: HoldableJob): Promise<boolean>;
}

export class SuspendedWork implements WorkHolds {
  constructor(private readonly deps: { prisma: PrismaClient; queue: Pick<JobQueue, 'enqueue'>; clock: Clock; logger: Logger }) {}

  /**
   * One statement: the owner's row is read with a share lock while the job is kept, so an enabling
   * (which updates that row) either comes first, and the job runs, or waits until the job is kept,
   * and then finds it in `release`. No job is kept past an enabling and none runs while suspended.
   */
  async holdIfSuspended(ownerId: string | null | undefined, job: HoldableJob): Promise<boolean> {
    if (!ownerId) return false;
    const [row] = await this.deps.prisma.$queryRaw<{ suspended: number }[]>(Prisma.sql`
      WITH owner AS (
        SELECT "id" FROM "users" WHERE "id" = ${ownerId} AND "status" = 'suspended' FOR SHARE
      ),
      kept AS (
        INSERT INTO "held_jobs" ("id", "ownerId", "queue", "key", "payload", "heldAt")
        SELECT ${uuidv7()}, owner."id", ${job.queue}, ${job.key}, ${JSON.stringify(job.payload)}::jsonb, ${this.deps.clock.now()}
        FROM owner
        ON CONFLICT ("queue", "key") DO NOTHING
        RETURNING 1
      )
      SELECT count(*)::int AS "suspended" FROM owner`);
    const held = (row?.suspended ?? 0) > 0;
    if (held) this.deps.logger.info({ userId: ownerId, queue: job.queue, key: job.key }, 'job held: its owner is suspended');
    return held;
  }

  /**
   * Queues again every job kept for `ownerId` (called once they are enabled, after the write). Each
   * goes back under an id of its own, so a job of the same key still in the queue does not swallow
   * it; a kept job whose enqueue fails stays kept for the next enabling.
   */
  async release(ownerId: string): Promise<number> {
    const held = await this.deps.prisma.heldJob.findMany({ where: { ownerId }, orderBy: [{ heldAt: 'asc' }, { id: 'asc' }] });
    for (const job of held) {
      await this.deps.queue.enqueue(job.queue, job.payload, { jobId: `${job.key}-resumed-${job.id}` });
      await this.deps.prisma.heldJob.deleteMany({ where: { id: job.id } });
    }
    if (held.length > 0) this.deps.logger.info({ userId: ownerId, jobs: held.length }, 'held jobs queued again: their owner is enabled');
    return held.length;
  }
}
