-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "processingAttempts" INTEGER NOT NULL DEFAULT 0;
