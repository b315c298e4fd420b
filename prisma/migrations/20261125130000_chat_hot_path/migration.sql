-- The widget's per-bot message limit becomes a plan setting: messages a minute one bot of a
-- subscriber on the plan may answer; NULL keeps the platform's default (300).
ALTER TABLE "payment_plans" ADD COLUMN "widgetMessagesPerMinute" INTEGER;
