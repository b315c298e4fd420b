-- Translations of admin-written content, read in the request's language (see platform/i18n).
ALTER TABLE "payment_plans" ADD COLUMN "translations" JSONB NOT NULL DEFAULT '{}';
ALTER TABLE "template_prompts" ADD COLUMN "translations" JSONB NOT NULL DEFAULT '{}';
