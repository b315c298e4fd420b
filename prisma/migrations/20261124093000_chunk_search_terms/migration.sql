-- Full-text search on stems: the application writes each chunk's stemmed, accent-folded content
-- words (in the chunk's language) to "searchTerms", and the trigger indexes those with the 'simple'
-- configuration, so PostgreSQL and PGlite match "opening" to "open" and "livraisons" to
-- "livraison" alike. Rows written before this migration keep their word vector until the boot-time
-- refresh stems them ("searchVersion" 0); the indexes let it find them, and chunks embedded by an
-- older model, without reading the whole table.

-- AlterTable
ALTER TABLE "chunks" ADD COLUMN "searchTerms" TEXT,
ADD COLUMN "searchVersion" INTEGER NOT NULL DEFAULT 0;

-- ReplaceFunction
CREATE OR REPLACE FUNCTION "chunks_search_vector_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchVector" := to_tsvector('simple', coalesce(NEW."searchTerms", coalesce(NEW."title", '') || ' ' || coalesce(NEW."heading", '') || ' ' || NEW."content"));
  RETURN NEW;
END;
$$;

-- CreateIndex
CREATE INDEX "chunks_searchVersion_idx" ON "chunks"("searchVersion");

-- CreateIndex
CREATE INDEX "chunks_embeddingModel_idx" ON "chunks"("embeddingModel");
