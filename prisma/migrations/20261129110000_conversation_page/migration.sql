-- The page of the owner's site a widget visitor writes from, for the inbox.
ALTER TABLE "chat_sessions" ADD COLUMN "pageUrl" TEXT;
