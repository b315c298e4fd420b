-- Websites crawled again on a schedule the owner's plan allows; each crawl counts the pages it added and changed.
-- CreateEnum
CREATE TYPE "CrawlSchedule" AS ENUM ('OFF', 'DAILY', 'WEEKLY');

-- AlterTable
ALTER TABLE "payment_plans" ADD COLUMN     "crawlSchedules" "CrawlSchedule"[] DEFAULT ARRAY[]::"CrawlSchedule"[];

-- Existing subscription plans keep websites fresh weekly until the admin says otherwise.
UPDATE "payment_plans" SET "crawlSchedules" = ARRAY['WEEKLY']::"CrawlSchedule"[] WHERE "type" = 'subscription';

-- AlterTable
ALTER TABLE "web_sources" ADD COLUMN     "pagesAdded" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "pagesChanged" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "scheduled" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "website_schedules" (
    "id" TEXT NOT NULL,
    "botId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "maxDepth" INTEGER NOT NULL,
    "schedule" "CrawlSchedule" NOT NULL,
    "nextCrawlAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "website_schedules_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "website_schedules_nextCrawlAt_idx" ON "website_schedules"("nextCrawlAt");

-- CreateIndex
CREATE UNIQUE INDEX "website_schedules_botId_url_maxDepth_key" ON "website_schedules"("botId", "url", "maxDepth");

-- AddForeignKey
ALTER TABLE "website_schedules" ADD CONSTRAINT "website_schedules_botId_fkey" FOREIGN KEY ("botId") REFERENCES "bots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
