ALTER TABLE "server_queue" DROP CONSTRAINT "server_queue_server_id_servers_id_fk";
--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "expiry_suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "server_queue" ADD CONSTRAINT "server_queue_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "servers_expires_idx" ON "servers" USING btree ("expires_at");--> statement-breakpoint
UPDATE "servers" SET "status" = 'active' WHERE "status" = 'running';
