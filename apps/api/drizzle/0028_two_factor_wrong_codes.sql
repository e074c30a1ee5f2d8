ALTER TABLE "users" ADD COLUMN "two_factor_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_failed_at" timestamp with time zone;