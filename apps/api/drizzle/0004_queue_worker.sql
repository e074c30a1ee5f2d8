CREATE TABLE "worker_heartbeats" (
	"name" text PRIMARY KEY NOT NULL,
	"instance" text NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "panel_user_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_panel_user_id_unique" UNIQUE("panel_user_id");