CREATE TABLE "plugin_job_runs" (
	"plugin" text NOT NULL,
	"job" text NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_job_runs_plugin_job_pk" PRIMARY KEY("plugin","job")
);
--> statement-breakpoint
CREATE TABLE "plugin_kv" (
	"plugin" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_kv_plugin_key_pk" PRIMARY KEY("plugin","key")
);
--> statement-breakpoint
CREATE TABLE "plugin_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"event" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plugin_subscriptions" (
	"plugin" text NOT NULL,
	"event" text NOT NULL,
	CONSTRAINT "plugin_subscriptions_plugin_event_pk" PRIMARY KEY("plugin","event")
);
--> statement-breakpoint
CREATE TABLE "plugins" (
	"identifier" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"disabled_reason" text,
	"failures_total" integer DEFAULT 0 NOT NULL,
	"failures_consecutive" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_failure_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "plugin_subscriptions_event_idx" ON "plugin_subscriptions" USING btree ("event");--> statement-breakpoint
-- Every coin movement is one ledger line (modules/coins/ledger.ts): the trigger turns it into a
-- coins.changed event for the plugins, in the same transaction, only while some plugin listens.
CREATE FUNCTION "plugin_coins_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "plugin_subscriptions" WHERE "event" = 'coins.changed') THEN
    INSERT INTO "plugin_outbox" ("event", "data") VALUES (
      'coins.changed',
      jsonb_build_object('user_id', NEW."user_id", 'delta', NEW."amount", 'balance', NEW."balance_after", 'kind', NEW."kind")
    );
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "coin_ledger_plugin_event" AFTER INSERT ON "coin_ledger" FOR EACH ROW EXECUTE FUNCTION "plugin_coins_changed"();
--> statement-breakpoint
-- The other events the plugins can hook, made where the change is made: in its transaction (a
-- rolled-back change makes no event), whatever code path made it, and only while a plugin listens.
CREATE FUNCTION "plugin_emit"("name" text, "payload" jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "plugin_subscriptions" WHERE "event" = "name") THEN
    INSERT INTO "plugin_outbox" ("event", "data") VALUES ("name", "payload");
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "plugin_server_json"("s" "servers") RETURNS jsonb LANGUAGE sql AS $$
  SELECT jsonb_build_object('id', s."id", 'name', s."name", 'owner_id', s."owner_id", 'status', s."status")
$$;
--> statement-breakpoint
CREATE FUNCTION "plugin_ticket_json"("ticket_id" integer) RETURNS jsonb LANGUAGE sql AS $$
  SELECT jsonb_build_object('id', t."id", 'subject', t."subject", 'user_id', t."user_id",
    'department', (SELECT d."name" FROM "departments" d WHERE d."id" = t."department_id"))
  FROM "tickets" t WHERE t."id" = "ticket_id"
$$;
--> statement-breakpoint
CREATE FUNCTION "plugin_event_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CASE TG_ARGV[0]
    WHEN 'member.registered' THEN
      PERFORM plugin_emit(TG_ARGV[0], jsonb_build_object('user', jsonb_build_object('id', NEW."id", 'username', NEW."username", 'email', NEW."email")));
    WHEN 'member.signed_in' THEN
      PERFORM plugin_emit(TG_ARGV[0], jsonb_build_object('method', NEW."method", 'user',
        (SELECT jsonb_build_object('id', u."id", 'username', u."username") FROM "users" u WHERE u."id" = NEW."user_id")));
    WHEN 'server.queued' THEN
      PERFORM plugin_emit(TG_ARGV[0], jsonb_build_object('server', jsonb_build_object('id', NEW."id", 'name', NEW."name", 'owner_id', NEW."user_id", 'status', 'queued')));
    WHEN 'server.created', 'server.suspended' THEN
      PERFORM plugin_emit(TG_ARGV[0], jsonb_build_object('server', plugin_server_json(NEW)));
    WHEN 'server.renewed' THEN
      PERFORM plugin_emit(TG_ARGV[0], jsonb_build_object('server', plugin_server_json(NEW), 'renewed_until', NEW."expires_at"));
    WHEN 'server.deleted' THEN
      PERFORM plugin_emit(TG_ARGV[0], jsonb_build_object('server', plugin_server_json(OLD)));
    WHEN 'purchase.completed' THEN
      PERFORM plugin_emit(TG_ARGV[0], jsonb_build_object('user_id', NEW."user_id", 'provider', NEW."provider", 'coins', NEW."coins",
        'amount', to_char(NEW."amount_cents" / 100.0, 'FM999999990.00'), 'currency', NEW."currency"));
    WHEN 'ticket.opened' THEN
      PERFORM plugin_emit(TG_ARGV[0], jsonb_build_object('ticket', plugin_ticket_json(NEW."id")));
    WHEN 'ticket.replied' THEN
      -- A ticket's first message is its opening, not a reply.
      IF EXISTS (SELECT 1 FROM "ticket_messages" m WHERE m."ticket_id" = NEW."ticket_id" AND m."id" <> NEW."id") THEN
        PERFORM plugin_emit(TG_ARGV[0], jsonb_build_object('ticket', plugin_ticket_json(NEW."ticket_id"),
          'by', CASE WHEN NEW."from_staff" THEN 'staff' ELSE 'member' END));
      END IF;
    WHEN 'announcement.published' THEN
      PERFORM plugin_emit(TG_ARGV[0], jsonb_build_object('announcement', jsonb_build_object('id', NEW."id", 'title', NEW."title", 'published_at', NEW."published_at")));
  END CASE;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_plugin_event" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION plugin_event_trigger('member.registered');
--> statement-breakpoint
CREATE TRIGGER "sessions_plugin_event" AFTER INSERT ON "sessions" FOR EACH ROW WHEN (NOT NEW."two_factor_pending") EXECUTE FUNCTION plugin_event_trigger('member.signed_in');
--> statement-breakpoint
CREATE TRIGGER "server_queue_plugin_event" AFTER INSERT ON "server_queue" FOR EACH ROW EXECUTE FUNCTION plugin_event_trigger('server.queued');
--> statement-breakpoint
CREATE TRIGGER "servers_plugin_created" AFTER INSERT ON "servers" FOR EACH ROW EXECUTE FUNCTION plugin_event_trigger('server.created');
--> statement-breakpoint
CREATE TRIGGER "servers_plugin_renewed" AFTER UPDATE OF "expires_at" ON "servers" FOR EACH ROW
  WHEN (OLD."expires_at" IS NOT NULL AND NEW."expires_at" > OLD."expires_at") EXECUTE FUNCTION plugin_event_trigger('server.renewed');
--> statement-breakpoint
CREATE TRIGGER "servers_plugin_suspended" AFTER UPDATE OF "status" ON "servers" FOR EACH ROW
  WHEN (NEW."status" = 'suspended' AND OLD."status" IS DISTINCT FROM 'suspended') EXECUTE FUNCTION plugin_event_trigger('server.suspended');
--> statement-breakpoint
CREATE TRIGGER "servers_plugin_deleted" AFTER DELETE ON "servers" FOR EACH ROW EXECUTE FUNCTION plugin_event_trigger('server.deleted');
--> statement-breakpoint
CREATE TRIGGER "payments_plugin_event" AFTER UPDATE OF "status" ON "payments" FOR EACH ROW
  WHEN (NEW."status" = 'completed' AND OLD."status" IS DISTINCT FROM 'completed') EXECUTE FUNCTION plugin_event_trigger('purchase.completed');
--> statement-breakpoint
CREATE TRIGGER "tickets_plugin_event" AFTER INSERT ON "tickets" FOR EACH ROW EXECUTE FUNCTION plugin_event_trigger('ticket.opened');
--> statement-breakpoint
CREATE TRIGGER "ticket_messages_plugin_event" AFTER INSERT ON "ticket_messages" FOR EACH ROW WHEN (NOT NEW."internal") EXECUTE FUNCTION plugin_event_trigger('ticket.replied');
--> statement-breakpoint
CREATE TRIGGER "announcements_plugin_event" AFTER UPDATE OF "announced_at" ON "announcements" FOR EACH ROW
  WHEN (OLD."announced_at" IS NULL AND NEW."announced_at" IS NOT NULL) EXECUTE FUNCTION plugin_event_trigger('announcement.published');
