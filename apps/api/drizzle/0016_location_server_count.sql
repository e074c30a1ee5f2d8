-- locations.server_count (issue #15, decision 0025). Written by drizzle-kit, then extended by hand: the
-- triggers that keep the count, and the count from scratch. The slot rule and the create page read this
-- instead of counting every server. Inserts and deletes are counted once per statement (transition
-- tables: a bulk insert of 100,000 servers writes each location once, not 100,000 times); a server moved
-- to another location (rare) once per row. These AFTER STATEMENT triggers fire after the row triggers
-- of migration 0015, so a server insert locks its owner's row before its location's, the order a server
-- request takes them in (requests.service.ts).
ALTER TABLE "locations" ADD COLUMN "server_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION hostdeck_location_servers_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE locations l SET server_count = l.server_count + c.n
  FROM (SELECT location_id, count(*)::int AS n FROM added GROUP BY location_id) c
  WHERE l.id = c.location_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION hostdeck_location_servers_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE locations l SET server_count = l.server_count - c.n
  FROM (SELECT location_id, count(*)::int AS n FROM removed GROUP BY location_id) c
  WHERE l.id = c.location_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION hostdeck_location_server_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE locations SET server_count = server_count - 1 WHERE id = OLD.location_id;
  UPDATE locations SET server_count = server_count + 1 WHERE id = NEW.location_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER servers_location_count_insert AFTER INSERT ON servers
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_location_servers_added();--> statement-breakpoint
CREATE TRIGGER servers_location_count_delete AFTER DELETE ON servers
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_location_servers_removed();--> statement-breakpoint
CREATE TRIGGER servers_location_count_move AFTER UPDATE OF location_id ON servers
  FOR EACH ROW WHEN (OLD.location_id IS DISTINCT FROM NEW.location_id) EXECUTE FUNCTION hostdeck_location_server_moved();--> statement-breakpoint
-- Counted from scratch: once here, and after a bulk load whose rows brought their counts and moved them
-- again through the triggers (a backup restore). Only locations whose count differs are written.
CREATE OR REPLACE FUNCTION hostdeck_recount_location_servers() RETURNS void LANGUAGE sql AS $$
  UPDATE locations l SET server_count = c.n
  FROM (
    SELECT x.id, coalesce(s.n, 0)::int AS n
    FROM locations x LEFT JOIN (SELECT location_id, count(*) AS n FROM servers GROUP BY location_id) s
      ON s.location_id = x.id
  ) c
  WHERE l.id = c.id AND l.server_count <> c.n;
$$;--> statement-breakpoint
SELECT hostdeck_recount_location_servers();
