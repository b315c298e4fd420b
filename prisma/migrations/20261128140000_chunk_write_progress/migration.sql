-- A document's chunks are written in batches: how many it will have, for progress; and its chunks
-- found by position, since each batch replaces a range of ordinals.
-- AlterTable
ALTER TABLE "documents" ADD COLUMN "chunksExpected" INTEGER;

-- DropIndex
DROP INDEX "chunks_documentId_idx";

-- DropIndex
DROP INDEX "chunks_webPageId_idx";

-- CreateIndex
CREATE INDEX "chunks_documentId_ordinal_idx" ON "chunks"("documentId", "ordinal");

-- CreateIndex
CREATE INDEX "chunks_webPageId_ordinal_idx" ON "chunks"("webPageId", "ordinal");
