ALTER TABLE "egg_categories" ADD COLUMN "panel_egg_tag" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "panel_node_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "egg_categories" ADD CONSTRAINT "egg_categories_panel_egg_tag_unique" UNIQUE("panel_egg_tag");