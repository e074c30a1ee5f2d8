ALTER TABLE "servers" DROP CONSTRAINT "servers_panel_server_id_unique";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_panel_user_id_unique";--> statement-breakpoint
-- Ledger lines get an insertion sequence; existing lines are numbered in the order they were written.
ALTER TABLE "coin_ledger" ADD COLUMN "seq" bigint;--> statement-breakpoint
UPDATE "coin_ledger" SET "seq" = o."n" FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "coin_ledger") o WHERE "coin_ledger"."id" = o."id";--> statement-breakpoint
CREATE SEQUENCE "coin_ledger_seq_seq" OWNED BY "coin_ledger"."seq";--> statement-breakpoint
SELECT setval('"coin_ledger_seq_seq"', coalesce((SELECT max("seq") FROM "coin_ledger"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "coin_ledger" ALTER COLUMN "seq" SET DEFAULT nextval('"coin_ledger_seq_seq"');--> statement-breakpoint
ALTER TABLE "coin_ledger" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "server_queue" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "server_queue" ADD COLUMN "leased_by" text;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "panel_key" text;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "panel_key" text;--> statement-breakpoint
CREATE INDEX "coin_ledger_user_seq_idx" ON "coin_ledger" USING btree ("user_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "servers_panel_server_idx" ON "servers" USING btree ("panel_key","panel_server_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_panel_link_idx" ON "users" USING btree ("panel_key","panel_user_id");--> statement-breakpoint
-- Existing panel links and servers belong to the panel configured now (the demo panel when no address is set);
-- keys are made as in integrations/hosting/panel-key.ts.
UPDATE "users" SET "panel_key" = coalesce((SELECT nullif(lower(regexp_replace(btrim("value" #>> '{}'), '/+$', '')), '') FROM "settings" WHERE "key" = 'pterodactyl_base_url'), 'demo') WHERE "panel_user_id" IS NOT NULL;--> statement-breakpoint
UPDATE "servers" SET "panel_key" = coalesce((SELECT nullif(lower(regexp_replace(btrim("value" #>> '{}'), '/+$', '')), '') FROM "settings" WHERE "key" = 'pterodactyl_base_url'), 'demo') WHERE "panel_server_id" IS NOT NULL;--> statement-breakpoint
UPDATE "servers" SET "external_id" = q."id"::text FROM "server_queue" q WHERE q."server_id" = "servers"."id";
