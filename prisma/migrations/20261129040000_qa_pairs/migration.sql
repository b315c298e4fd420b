-- Q&A pairs: the owner's own answers to questions, a kind of knowledge beside documents and websites.
-- CreateTable
CREATE TABLE "qa_pairs" (
    "id" TEXT NOT NULL,
    "botId" TEXT NOT NULL,
    "question" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "qa_pairs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "qa_pairs_botId_createdAt_idx" ON "qa_pairs"("botId", "createdAt");

-- AddForeignKey
ALTER TABLE "qa_pairs" ADD CONSTRAINT "qa_pairs_botId_fkey" FOREIGN KEY ("botId") REFERENCES "bots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
