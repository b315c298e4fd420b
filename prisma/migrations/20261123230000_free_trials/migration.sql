-- AlterEnum
ALTER TYPE "SubscriptionStatus" ADD VALUE 'trialing' BEFORE 'active';

-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "trialCredits" DECIMAL(14,4) NOT NULL DEFAULT 0,
ADD COLUMN     "trialCreditsUsed" DECIMAL(14,4) NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "signupPlanId" TEXT;
