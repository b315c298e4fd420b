-- CreateTable
CREATE TABLE "sign_in_codes" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sign_in_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trial_mailboxes" (
    "mailbox" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trial_mailboxes_pkey" PRIMARY KEY ("mailbox")
);

-- CreateIndex
CREATE UNIQUE INDEX "sign_in_codes_codeHash_key" ON "sign_in_codes"("codeHash");

-- CreateIndex
CREATE INDEX "sign_in_codes_userId_idx" ON "sign_in_codes"("userId");

-- CreateIndex
CREATE INDEX "sign_in_codes_expiresAt_idx" ON "sign_in_codes"("expiresAt");

-- AddForeignKey
ALTER TABLE "sign_in_codes" ADD CONSTRAINT "sign_in_codes_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The trials already given, by mailbox (the same canonical form as trialMailbox() in
-- server/src/domains/billing/trial.ts): the first trial of a mailbox holds it.
INSERT INTO "trial_mailboxes" ("mailbox", "userId", "createdAt")
SELECT DISTINCT ON ("mailbox") "mailbox", "userId", "startedAt"
FROM (
    SELECT s."userId", s."startedAt",
           CASE WHEN parts.domain IN ('gmail.com', 'googlemail.com')
                THEN replace(parts.local, '.', '') || '@gmail.com'
                ELSE parts.local || '@' || parts.domain
           END AS "mailbox"
    FROM "subscriptions" s
    JOIN "users" u ON u."id" = s."userId",
    LATERAL (
        SELECT split_part(substring(lower(trim(u."email")) FROM '^(.*)@'), '+', 1) AS local,
               substring(lower(trim(u."email")) FROM '@([^@]*)$') AS domain
    ) parts
    WHERE s."status" = 'trialing'
) given
ORDER BY "mailbox", "startedAt"
ON CONFLICT DO NOTHING;
