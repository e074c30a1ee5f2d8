ALTER TABLE "announcements" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "announcements_unannounced_idx" ON "announcements" USING btree ("published_at") WHERE "announcements"."announced_at" is null;--> statement-breakpoint
-- What is already visible has been announced (by the bell's polling): it must not ring again.
UPDATE "announcements" SET "announced_at" = "published_at" WHERE "published" AND "published_at" <= now();
