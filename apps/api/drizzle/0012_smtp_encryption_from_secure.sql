-- The smtp_secure flag became smtp_encryption (none | starttls | tls): a panel that used TLS from the
-- first byte keeps it; any other gets the default, starttls (required: a mail server that offers no
-- upgrade is reported by "Send test mail" rather than silently spoken to in plain text).
INSERT INTO "settings" ("key", "value")
SELECT 'smtp_encryption', '"tls"'::jsonb FROM "settings" WHERE "key" = 'smtp_secure' AND "value" = 'true'::jsonb
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
DELETE FROM "settings" WHERE "key" = 'smtp_secure';
