-- Visitors asking for a person: the bot's setting, opening hours and wait time; the address a
-- waiting visitor leaves for replies; the owner's choice to be emailed of a waiting visitor.
ALTER TABLE "bots"
  ADD COLUMN "handoffEnabled" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "handoffWaitMinutes" INTEGER NOT NULL DEFAULT 3,
  ADD COLUMN "timeZone" TEXT NOT NULL DEFAULT 'UTC',
  ADD COLUMN "openingHours" JSONB NOT NULL DEFAULT '[]';

ALTER TABLE "chat_sessions"
  ADD COLUMN "emailAskedAt" TIMESTAMP(3),
  ADD COLUMN "replyEmail" TEXT;

CREATE INDEX "chat_sessions_status_statusChangedAt_idx" ON "chat_sessions"("status", "statusChangedAt");

ALTER TABLE "users" ADD COLUMN "waitingVisitorEmails" BOOLEAN NOT NULL DEFAULT false;
