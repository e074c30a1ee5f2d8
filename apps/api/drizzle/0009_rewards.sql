CREATE TABLE "discord_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"discord_id" text NOT NULL,
	"username" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discord_accounts_discord_id_unique" UNIQUE("discord_id")
);
--> statement-breakpoint
CREATE TABLE "j4r_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"server_id" integer NOT NULL,
	"discord_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"coins" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "j4r_claims_once" UNIQUE("server_id","discord_id")
);
--> statement-breakpoint
CREATE TABLE "j4r_servers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"guild_id" text NOT NULL,
	"invite_code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon_url" text,
	"coins" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"claims" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "j4r_servers_guild_id_unique" UNIQUE("guild_id"),
	CONSTRAINT "j4r_servers_coins_positive" CHECK ("j4r_servers"."coins" > 0)
);
--> statement-breakpoint
CREATE TABLE "link_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"coins" integer NOT NULL,
	"claimable_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "link_claims_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "link_claims_coins_positive" CHECK ("link_claims"."coins" > 0)
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"return_to" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "skin" text;--> statement-breakpoint
ALTER TABLE "discord_accounts" ADD CONSTRAINT "discord_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "j4r_claims" ADD CONSTRAINT "j4r_claims_server_id_j4r_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."j4r_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "j4r_claims" ADD CONSTRAINT "j4r_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_claims" ADD CONSTRAINT "link_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "j4r_claims_user_idx" ON "j4r_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "j4r_claims_check_idx" ON "j4r_claims" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "link_claims_user_idx" ON "link_claims" USING btree ("user_id","provider","created_at");