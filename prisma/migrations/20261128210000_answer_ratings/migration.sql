-- Visitors (and owners) rate answers: thumbs up or down, with an optional line on a thumbs-down.
-- CreateEnum
CREATE TYPE "AnswerRating" AS ENUM ('up', 'down');

-- AlterTable
ALTER TABLE "chat_messages" ADD COLUMN     "rating" "AnswerRating",
ADD COLUMN     "ratedAt" TIMESTAMP(3),
ADD COLUMN     "ratingComment" TEXT;
