-- Scale (issue #15, decision 0024). Written by drizzle-kit, then extended by hand: the extension first,
-- the counter triggers last. pg_trgm is a trusted extension (PostgreSQL 13+: the database owner may
-- create it); the embedded database loads it in db/pglite.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "coin_ledger_user_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "server_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referral_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "coin_ledger_user_kind_idx" ON "coin_ledger" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "coin_ledger_created_idx" ON "coin_ledger" USING btree ("created_at","amount");--> statement-breakpoint
CREATE INDEX "servers_created_idx" ON "servers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_last_reply_idx" ON "tickets" USING btree ("last_reply_at","id");--> statement-breakpoint
CREATE INDEX "tickets_created_idx" ON "tickets" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_coins_idx" ON "users" USING btree ("coins" DESC NULLS FIRST,"created_at");--> statement-breakpoint
CREATE INDEX "users_afk_minutes_idx" ON "users" USING btree ("afk_minutes" DESC NULLS FIRST,"created_at");--> statement-breakpoint
CREATE INDEX "users_server_count_idx" ON "users" USING btree ("server_count" DESC NULLS FIRST,"created_at");--> statement-breakpoint
CREATE INDEX "users_referral_count_idx" ON "users" USING btree ("referral_count" DESC NULLS FIRST,"created_at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id","deleted_at");--> statement-breakpoint
CREATE INDEX "users_last_seen_idx" ON "users" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "users_banned_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "users"."banned" and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree ((lower("username") collate "C"));--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_first_ip_trgm_idx" ON "users" USING gin ("first_ip" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_ip_trgm_idx" ON "users" USING gin ("last_ip" gin_trgm_ops);--> statement-breakpoint
-- users.server_count: one more or one less whenever a server row is added, removed or changes owner.
CREATE OR REPLACE FUNCTION hostdeck_count_servers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE users SET server_count = server_count - 1 WHERE id = OLD.owner_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE users SET server_count = server_count + 1 WHERE id = NEW.owner_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER servers_count_owner AFTER INSERT OR DELETE ON servers
  FOR EACH ROW EXECUTE FUNCTION hostdeck_count_servers();--> statement-breakpoint
CREATE TRIGGER servers_count_owner_change AFTER UPDATE OF owner_id ON servers
  FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id) EXECUTE FUNCTION hostdeck_count_servers();--> statement-breakpoint
-- users.referral_count: the same for accounts whose referred_by points at the member.
CREATE OR REPLACE FUNCTION hostdeck_count_referrals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.referred_by IS NOT NULL THEN
    UPDATE users SET referral_count = referral_count - 1 WHERE id = OLD.referred_by;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.referred_by IS NOT NULL THEN
    UPDATE users SET referral_count = referral_count + 1 WHERE id = NEW.referred_by;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_count_referrals AFTER INSERT OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION hostdeck_count_referrals();--> statement-breakpoint
CREATE TRIGGER users_count_referrals_change AFTER UPDATE OF referred_by ON users
  FOR EACH ROW WHEN (OLD.referred_by IS DISTINCT FROM NEW.referred_by) EXECUTE FUNCTION hostdeck_count_referrals();--> statement-breakpoint
-- Both counters counted from scratch: once here, and after a bulk load that bypassed the triggers
-- (a backup restore, the scale bench). Only rows whose counts differ are written.
CREATE OR REPLACE FUNCTION hostdeck_recount_member_counters() RETURNS void LANGUAGE sql AS $$
  UPDATE users u SET server_count = c.servers, referral_count = c.referrals
  FROM (
    SELECT x.id, coalesce(s.n, 0)::int AS servers, coalesce(r.n, 0)::int AS referrals
    FROM users x
    LEFT JOIN (SELECT owner_id, count(*) AS n FROM servers GROUP BY owner_id) s ON s.owner_id = x.id
    LEFT JOIN (SELECT referred_by, count(*) AS n FROM users WHERE referred_by IS NOT NULL GROUP BY referred_by) r
      ON r.referred_by = x.id
  ) c
  WHERE u.id = c.id AND (u.server_count <> c.servers OR u.referral_count <> c.referrals);
$$;--> statement-breakpoint
SELECT hostdeck_recount_member_counters();
