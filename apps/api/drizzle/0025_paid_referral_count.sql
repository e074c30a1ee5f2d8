-- users.referral_count (the referrals leaderboard) counts the referrals that paid, not every account
-- that signed up with the member's code: refused ones (same address or browser, decision 0008) and
-- ones still pending (never verified, never active) no longer rank. Written by hand (custom migration).
DROP TRIGGER IF EXISTS users_count_referrals ON users;--> statement-breakpoint
DROP TRIGGER IF EXISTS users_count_referrals_change ON users;--> statement-breakpoint
DROP FUNCTION IF EXISTS hostdeck_count_referrals();--> statement-breakpoint
CREATE OR REPLACE FUNCTION hostdeck_count_paid_referrals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'paid' THEN
    UPDATE users SET referral_count = referral_count - 1 WHERE id = OLD.referrer_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'paid' THEN
    UPDATE users SET referral_count = referral_count + 1 WHERE id = NEW.referrer_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER referrals_count_paid AFTER INSERT OR DELETE ON referrals
  FOR EACH ROW EXECUTE FUNCTION hostdeck_count_paid_referrals();--> statement-breakpoint
CREATE TRIGGER referrals_count_paid_change AFTER UPDATE OF status, referrer_id ON referrals
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.referrer_id IS DISTINCT FROM NEW.referrer_id)
  EXECUTE FUNCTION hostdeck_count_paid_referrals();--> statement-breakpoint
CREATE OR REPLACE FUNCTION hostdeck_recount_member_counters() RETURNS void LANGUAGE sql AS $$
  UPDATE users u SET server_count = c.servers, referral_count = c.referrals
  FROM (
    SELECT x.id, coalesce(s.n, 0)::int AS servers, coalesce(r.n, 0)::int AS referrals
    FROM users x
    LEFT JOIN (SELECT owner_id, count(*) AS n FROM servers GROUP BY owner_id) s ON s.owner_id = x.id
    LEFT JOIN (SELECT referrer_id, count(*) AS n FROM referrals WHERE status = 'paid' GROUP BY referrer_id) r
      ON r.referrer_id = x.id
  ) c
  WHERE u.id = c.id AND (u.server_count <> c.servers OR u.referral_count <> c.referrals);
$$;--> statement-breakpoint
SELECT hostdeck_recount_member_counters();
