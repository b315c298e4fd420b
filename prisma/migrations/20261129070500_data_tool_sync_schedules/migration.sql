-- The data tools' incoming sheet or database synced again on a schedule, like websites.
-- AlterTable
ALTER TABLE "notion_configs" ADD COLUMN     "nextSyncAt" TIMESTAMP(3),
ADD COLUMN     "syncSchedule" "CrawlSchedule" NOT NULL DEFAULT 'OFF';

-- AlterTable
ALTER TABLE "sheet_configs" ADD COLUMN     "nextSyncAt" TIMESTAMP(3),
ADD COLUMN     "syncSchedule" "CrawlSchedule" NOT NULL DEFAULT 'OFF';

-- CreateIndex
CREATE INDEX "notion_configs_nextSyncAt_idx" ON "notion_configs"("nextSyncAt");

-- CreateIndex
CREATE INDEX "sheet_configs_nextSyncAt_idx" ON "sheet_configs"("nextSyncAt");
