-- A crawl resumed after its process stopped goes on from the pages it had read: their depth and
-- links are kept, so the frontier is rebuilt without fetching them again.
ALTER TABLE "web_pages" ADD COLUMN "depth" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "links" TEXT[] DEFAULT ARRAY[]::TEXT[];
