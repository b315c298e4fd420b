-- Where each chunk's vector lives in Chroma: 0 in the model's shared collection, 1 in its bot's own
-- collection. Existing vectors are moved to their bot's collection at boot (KnowledgeIndex.refreshStaleChunks).
ALTER TABLE "chunks" ADD COLUMN "vectorLayout" INTEGER NOT NULL DEFAULT 0;
CREATE INDEX "chunks_vectorLayout_idx" ON "chunks"("vectorLayout");
