-- A member's rows changed: notify their id on hostdeck_member (issue #15, decision 0033). Written by
-- hand (drizzle-kit's custom migration). The instance whose connection commits gets the notification
-- before its commit returns and drops its copy of that member's reads (db/member-cache.ts); the other
-- instances hear it through the bus. PostgreSQL sends one notification per member and transaction
-- however many rows changed (identical payloads are folded). A bulk load that does not want a
-- notification per member sets hostdeck.quiet_member_changes = 'on' for its transaction and notifies '*'.
CREATE OR REPLACE FUNCTION hostdeck_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text := TG_ARGV[0];
  before text;
  after text;
BEGIN
  IF current_setting('hostdeck.quiet_member_changes', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('hostdeck_member', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN before := to_jsonb(OLD) ->> col; END IF;
  IF TG_OP <> 'DELETE' THEN after := to_jsonb(NEW) ->> col; END IF;
  IF before IS NOT NULL THEN PERFORM pg_notify('hostdeck_member', before); END IF;
  IF after IS NOT NULL AND after IS DISTINCT FROM before THEN PERFORM pg_notify('hostdeck_member', after); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER servers_member_changed AFTER INSERT OR UPDATE OR DELETE ON servers
  FOR EACH ROW EXECUTE FUNCTION hostdeck_member_changed('owner_id');--> statement-breakpoint
CREATE TRIGGER server_queue_member_changed AFTER INSERT OR UPDATE OR DELETE ON server_queue
  FOR EACH ROW EXECUTE FUNCTION hostdeck_member_changed('user_id');--> statement-breakpoint
CREATE TRIGGER coin_ledger_member_changed AFTER INSERT OR UPDATE OR DELETE ON coin_ledger
  FOR EACH ROW EXECUTE FUNCTION hostdeck_member_changed('user_id');--> statement-breakpoint
-- Only the columns a member's cached reads take from users (the balance and the limits: the store's
-- storeColumns, the coin history's balance); a sign-in's last_seen_at is not a change of theirs. A new
-- member has nothing cached yet.
CREATE TRIGGER users_member_changed
  AFTER UPDATE OF coins, memory_limit, cpu_limit, disk_limit, server_limit, allocation_limit, database_limit, backup_limit
  OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION hostdeck_member_changed('id');--> statement-breakpoint
CREATE TRIGGER servers_members_truncated AFTER TRUNCATE ON servers
  FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_member_changed('owner_id');--> statement-breakpoint
CREATE TRIGGER server_queue_members_truncated AFTER TRUNCATE ON server_queue
  FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_member_changed('user_id');--> statement-breakpoint
CREATE TRIGGER coin_ledger_members_truncated AFTER TRUNCATE ON coin_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_member_changed('user_id');--> statement-breakpoint
CREATE TRIGGER users_members_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_member_changed('id');
