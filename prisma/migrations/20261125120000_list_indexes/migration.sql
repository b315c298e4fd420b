-- A customer's recent activity (the dashboard: their events, newest first) read by user, not by
-- walking every tenant's events. The other lists' filters and orders already have their indexes
-- (see server/src/domains/bots/listQueryPlans.integration.test.ts, which explains each of them).

-- CreateIndex
CREATE INDEX "system_events_userId_timestamp_idx" ON "system_events"("userId", "timestamp");
