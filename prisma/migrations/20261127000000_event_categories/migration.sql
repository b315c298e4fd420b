-- Event categories are lowercase codes, as every other one already was; the client names each in
-- the admin's language.
UPDATE "system_events" SET "category" = lower("category") WHERE "category" IN ('Integrations', 'WhatsApp');
