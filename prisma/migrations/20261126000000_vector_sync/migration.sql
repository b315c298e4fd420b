-- Knowledge indexed while Chroma was away keeps its chunks (full-text search answers from them)
-- and is marked for the vector sync, which writes the vectors once Chroma is back.
ALTER TABLE "chunks" ADD COLUMN "vectorPending" BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX "chunks_vectorPending_idx" ON "chunks"("vectorPending");

-- Vectors that could not be removed with their chunks (Chroma away), removed by the vector sync later.
CREATE TABLE "vector_removals" (
    "id" TEXT NOT NULL,
    "collection" TEXT NOT NULL,
    "botId" TEXT NOT NULL,
    "sourceId" TEXT,
    "wholeCollection" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vector_removals_pkey" PRIMARY KEY ("id")
);
