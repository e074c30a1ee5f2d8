CREATE TABLE "egg_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"panel_nest_id" integer,
	"icon" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "egg_categories_panel_nest_id_unique" UNIQUE("panel_nest_id")
);
--> statement-breakpoint
CREATE TABLE "eggs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"category_id" integer NOT NULL,
	"panel_egg_id" integer,
	"icon" text,
	"vip" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"docker_image" text DEFAULT '' NOT NULL,
	"startup" text DEFAULT '' NOT NULL,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eggs_panel_egg_id_unique" UNIQUE("panel_egg_id")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"panel_location_id" integer,
	"slots" integer,
	"vip" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'online' NOT NULL,
	"icon" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_panel_location_id_unique" UNIQUE("panel_location_id")
);
--> statement-breakpoint
ALTER TABLE "eggs" ADD CONSTRAINT "eggs_category_id_egg_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."egg_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eggs_category_idx" ON "eggs" USING btree ("category_id");