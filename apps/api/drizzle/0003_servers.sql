CREATE TABLE "server_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location_id" integer NOT NULL,
	"egg_id" integer NOT NULL,
	"memory" integer NOT NULL,
	"cpu" integer NOT NULL,
	"disk" integer NOT NULL,
	"ports" integer NOT NULL,
	"databases" integer NOT NULL,
	"backups" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"server_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_queue_resources_non_negative" CHECK ("server_queue"."memory" >= 0 and "server_queue"."cpu" >= 0 and "server_queue"."disk" >= 0 and "server_queue"."ports" >= 0 and "server_queue"."databases" >= 0 and "server_queue"."backups" >= 0)
);
--> statement-breakpoint
CREATE TABLE "server_queue_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"queue_id" uuid NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "servers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location_id" integer NOT NULL,
	"egg_id" integer NOT NULL,
	"memory" integer NOT NULL,
	"cpu" integer NOT NULL,
	"disk" integer NOT NULL,
	"ports" integer NOT NULL,
	"databases" integer NOT NULL,
	"backups" integer NOT NULL,
	"panel_server_id" integer,
	"panel_identifier" text,
	"status" text DEFAULT 'installing' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "servers_panel_server_id_unique" UNIQUE("panel_server_id"),
	CONSTRAINT "servers_resources_non_negative" CHECK ("servers"."memory" >= 0 and "servers"."cpu" >= 0 and "servers"."disk" >= 0 and "servers"."ports" >= 0 and "servers"."databases" >= 0 and "servers"."backups" >= 0)
);
--> statement-breakpoint
ALTER TABLE "server_queue" ADD CONSTRAINT "server_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_queue" ADD CONSTRAINT "server_queue_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_queue" ADD CONSTRAINT "server_queue_egg_id_eggs_id_fk" FOREIGN KEY ("egg_id") REFERENCES "public"."eggs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_queue" ADD CONSTRAINT "server_queue_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_queue_logs" ADD CONSTRAINT "server_queue_logs_queue_id_server_queue_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."server_queue"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servers" ADD CONSTRAINT "servers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servers" ADD CONSTRAINT "servers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servers" ADD CONSTRAINT "servers_egg_id_eggs_id_fk" FOREIGN KEY ("egg_id") REFERENCES "public"."eggs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "server_queue_due_idx" ON "server_queue" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "server_queue_user_idx" ON "server_queue" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "server_queue_logs_queue_idx" ON "server_queue_logs" USING btree ("queue_id","created_at");--> statement-breakpoint
CREATE INDEX "servers_owner_idx" ON "servers" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "servers_location_idx" ON "servers" USING btree ("location_id");