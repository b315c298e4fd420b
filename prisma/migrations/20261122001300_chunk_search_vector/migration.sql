-- Keep chunks."searchVector" in step with the searchable text of a chunk (full-text search with
-- the language-neutral 'simple' configuration). Prisma does not model triggers: this migration is
-- hand-written, and `prisma migrate diff` ignores functions and triggers.

-- CreateFunction
CREATE OR REPLACE FUNCTION "chunks_search_vector_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchVector" := to_tsvector('simple', coalesce(NEW."title", '') || ' ' || coalesce(NEW."heading", '') || ' ' || NEW."content");
  RETURN NEW;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "chunks_search_vector_trigger"
BEFORE INSERT OR UPDATE ON "chunks"
FOR EACH ROW EXECUTE FUNCTION "chunks_search_vector_update"();

-- Backfill rows written before the trigger existed
UPDATE "chunks"
SET "searchVector" = to_tsvector('simple', coalesce("title", '') || ' ' || coalesce("heading", '') || ' ' || "content");
