-- The live inbox: who answers each conversation, what the owner has read, and replies by a person.
CREATE TYPE "ConversationStatus" AS ENUM ('bot', 'waiting', 'human', 'closed');

ALTER TYPE "MessageRole" ADD VALUE 'agent';

ALTER TABLE "chat_sessions"
  ADD COLUMN "status" "ConversationStatus" NOT NULL DEFAULT 'bot',
  ADD COLUMN "statusChangedAt" TIMESTAMP(3),
  ADD COLUMN "ownerReadAt" TIMESTAMP(3);

CREATE INDEX "chat_sessions_botId_lastMessageAt_idx" ON "chat_sessions"("botId", "lastMessageAt");

ALTER TABLE "chat_messages" ADD COLUMN "authorId" TEXT;

ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
