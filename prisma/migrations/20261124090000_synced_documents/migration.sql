-- The Document each data source was last synced into, so the next sync replaces exactly that one.
ALTER TABLE "sheet_configs" ADD COLUMN "syncedDocumentId" TEXT;
ALTER TABLE "notion_configs" ADD COLUMN "syncedDocumentId" TEXT;
