ALTER TABLE "server_queue" DROP CONSTRAINT "server_queue_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "server_queue" DROP CONSTRAINT "server_queue_egg_id_eggs_id_fk";
--> statement-breakpoint
ALTER TABLE "server_queue" ADD CONSTRAINT "server_queue_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_queue" ADD CONSTRAINT "server_queue_egg_id_eggs_id_fk" FOREIGN KEY ("egg_id") REFERENCES "public"."eggs"("id") ON DELETE cascade ON UPDATE no action;