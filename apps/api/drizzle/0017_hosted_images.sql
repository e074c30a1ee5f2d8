CREATE TABLE "hosted_images" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"extension" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"animated" boolean DEFAULT false NOT NULL,
	"storage_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"owner_deleted_at" timestamp with time zone,
	CONSTRAINT "hosted_images_size_positive" CHECK ("hosted_images"."size" > 0),
	CONSTRAINT "hosted_images_views_non_negative" CHECK ("hosted_images"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "image_hosting_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"upload_key_hash" text,
	"upload_key_hint" text,
	"upload_key_created_at" timestamp with time zone,
	"upload_key_last_used_at" timestamp with time zone,
	"embed_enabled" boolean DEFAULT true NOT NULL,
	"embed_title" text DEFAULT '{filename}' NOT NULL,
	"embed_description" text DEFAULT 'Uploaded by {username} on {date}' NOT NULL,
	"embed_color" text DEFAULT '#5865f2' NOT NULL,
	"embed_site_name" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"image_id" text NOT NULL,
	"uploader_id" uuid,
	"reporter_id" uuid,
	"reporter_ip_hash" text NOT NULL,
	"reporter_key" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"staff_notes" text DEFAULT '' NOT NULL,
	"handled_by" uuid,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hosted_images" ADD CONSTRAINT "hosted_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_hosting_settings" ADD CONSTRAINT "image_hosting_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_reports" ADD CONSTRAINT "image_reports_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_reports" ADD CONSTRAINT "image_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_reports" ADD CONSTRAINT "image_reports_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hosted_images_user_created_idx" ON "hosted_images" USING btree ("user_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "hosted_images_owner_deleted_idx" ON "hosted_images" USING btree ("owner_deleted_at") WHERE "hosted_images"."owner_deleted_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "image_hosting_settings_key_idx" ON "image_hosting_settings" USING btree ("upload_key_hash");--> statement-breakpoint
CREATE INDEX "image_reports_status_created_idx" ON "image_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "image_reports_image_idx" ON "image_reports" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "image_reports_uploader_idx" ON "image_reports" USING btree ("uploader_id");--> statement-breakpoint
CREATE UNIQUE INDEX "image_reports_pending_reporter_idx" ON "image_reports" USING btree ("image_id","reporter_key") WHERE "image_reports"."status" = 'pending';