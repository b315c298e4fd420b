-- The passages each answer was given, so the owner can see why it came out as it did.
ALTER TABLE "chat_messages" ADD COLUMN "givenPassages" JSONB;
