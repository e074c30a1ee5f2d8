import { linkClaimStatuses, linkProviders } from '@hostdeck/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A started link reward: the member holds the token (only its hash is stored) until the provider's
 * page sends them back; it pays once, not before `claimable_at` and not after `expires_at`.
 */
export const linkClaims = pgTable(
  'link_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: linkProviders }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** 'expired' is never stored: a pending claim past expires_at reads as expired. */
    status: text('status', { enum: linkClaimStatuses }).notNull().default('pending'),
    /** The reward when the link was started (a later change of the setting does not alter it). */
    coins: integer('coins').notNull(),
    claimableAt: timestamp('claimable_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('link_claims_user_idx').on(t.userId, t.provider, t.createdAt),
    check('link_claims_coins_positive', sql`${t.coins} > 0`),
  ],
);

/** A Discord account linked to a member: one member per Discord account and one Discord account per member. */
export const discordAccounts = pgTable('discord_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  discordId: text('discord_id').notNull().unique(),
  username: text('username').notNull(),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A pending OAuth round trip: state (hashed) and the PKCE verifier, single use, ten minutes. */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  /** Null for a sign-in or sign-up through a provider (nobody is signed in yet). */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['discord', 'github'] }).notNull(),
  purpose: text('purpose', { enum: ['link', 'j4r', 'sso_login', 'sso_link'] }).notNull(),
  returnTo: text('return_to', { enum: ['account', 'j4r', 'login'] }).notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** A Discord server (guild) that pays members for joining it. */
export const j4rServers = pgTable(
  'j4r_servers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    guildId: text('guild_id').notNull().unique(),
    inviteCode: text('invite_code').notNull(),
    description: text('description').notNull().default(''),
    iconUrl: text('icon_url'),
    coins: integer('coins').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Rewards paid and not taken back (kept with each payout and clawback). */
    claims: integer('claims').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('j4r_servers_coins_positive', sql`${t.coins} > 0`)],
);

/**
 * A join reward paid: once per Discord account and server (the unique key), whichever member
 * account the Discord account is linked to. `revoked_at` is set when a re-check found the account
 * gone and the reward was taken back; a later claim pays again.
 */
export const j4rClaims = pgTable(
  'j4r_claims',
  {
    id: serial('id').primaryKey(),
    serverId: integer('server_id')
      .notNull()
      .references(() => j4rServers.id, { onDelete: 'cascade' }),
    discordId: text('discord_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coins: integer('coins').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    unique('j4r_claims_once').on(t.serverId, t.discordId),
    index('j4r_claims_user_idx').on(t.userId),
    index('j4r_claims_check_idx').on(t.checkedAt),
  ],
);
