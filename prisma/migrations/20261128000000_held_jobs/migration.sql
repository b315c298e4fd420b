-- The queued work of a suspended customer waits here instead of running; enabling them queues it again.
-- CreateTable
CREATE TABLE "held_jobs" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "queue" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "heldAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "held_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "held_jobs_ownerId_idx" ON "held_jobs"("ownerId");

-- CreateIndex
CREATE UNIQUE INDEX "held_jobs_queue_key_key" ON "held_jobs"("queue", "key");

-- AddForeignKey
ALTER TABLE "held_jobs" ADD CONSTRAINT "held_jobs_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

