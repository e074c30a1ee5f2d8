import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { roles } from './roles.ts';

const limit = (name: string) => integer(name).notNull().default(0);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    avatar: text('avatar'),
    background: text('background'),
    /** Address (/api/media/<key>) of the member's uploaded Minecraft skin (64×64 or 64×32 PNG); null = the default skin. */
    skin: text('skin'),
    locale: text('locale'),
    coins: integer('coins').notNull().default(0),
    memoryLimit: limit('memory_limit'),
    cpuLimit: limit('cpu_limit'),
    diskLimit: limit('disk_limit'),
    serverLimit: limit('server_limit'),
    allocationLimit: limit('allocation_limit'),
    databaseLimit: limit('database_limit'),
    backupLimit: limit('backup_limit'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    /** AES-GCM encrypted TOTP secret (see lib/crypto.ts). */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** The last TOTP time step accepted: a code is accepted once, never replayed within its window. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    /**
     * Wrong two-factor codes in a row, on any path that takes one (sign-in, turning it off, deleting
     * the account, adding a passkey), and when the last was: past a limit, codes are refused a while.
     */
    twoFactorFailures: integer('two_factor_failures').notNull().default(0),
    twoFactorFailedAt: timestamp('two_factor_failed_at', { withTimezone: true }),
    /** The member shows their profile to other members (when allow_public_profiles is on). */
    publicProfile: boolean('public_profile').notNull().default(true),
    /** Account deletion asked for: the servers are being removed on the panel; the account goes after. */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    referralCode: text('referral_code').notNull().unique(),
    referredBy: uuid('referred_by'),
    /** Minutes spent earning on the AFK page (for the leaderboard). */
    afkMinutes: integer('afk_minutes').notNull().default(0),
    /** Servers the member owns: kept by a trigger on servers (migration 0015), ranked by the leaderboard. */
    serverCount: integer('server_count').notNull().default(0),
    /** Accounts whose referred_by is this member: kept by a trigger on users (migration 0015). */
    referralCount: integer('referral_count').notNull().default(0),
    /** One of the first members (the early-supporter badge). */
    earlySupporter: boolean('early_supporter').notNull().default(false),
    supportPin: text('support_pin').notNull(),
    /** The linked account on the game panel (created by Hostdeck, never an existing one taken over). */
    panelUserId: integer('panel_user_id'),
    /**
     * Which panel panelUserId belongs to (see integrations/hosting/panel-key.ts): a link made on one
     * panel means nothing on another, whose ids may overlap.
     */
    panelKey: text('panel_key'),
    billingCompany: text('billing_company'),
    billingAddress: text('billing_address'),
    billingCity: text('billing_city'),
    billingState: text('billing_state'),
    billingZip: text('billing_zip'),
    billingCountry: text('billing_country'),
    billingVat: text('billing_vat'),
    /** SHA-256 of the browser's device cookie at sign-up and at the last sign-in (for referral checks). */
    firstDevice: text('first_device'),
    lastDevice: text('last_device'),
    firstIp: text('first_ip'),
    lastIp: text('last_ip'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_referred_by_idx').on(t.referredBy),
    // Anti-alt counts accounts per address and per browser at every sign-up.
    index('users_first_ip_idx').on(t.firstIp),
    index('users_last_ip_idx').on(t.lastIp),
    index('users_first_device_idx').on(t.firstDevice),
    index('users_last_device_idx').on(t.lastDevice),
    uniqueIndex('users_panel_link_idx').on(t.panelKey, t.panelUserId),
    // Scale (decision 0024): each leaderboard reads its top rows straight off an index, ties oldest first.
    // DESC NULLS FIRST is what ORDER BY … DESC means; an index in any other null order would not serve it.
    index('users_coins_idx').on(t.coins.desc().nullsFirst(), t.createdAt),
    index('users_afk_minutes_idx').on(t.afkMinutes.desc().nullsFirst(), t.createdAt),
    index('users_server_count_idx').on(t.serverCount.desc().nullsFirst(), t.createdAt),
    index('users_referral_count_idx').on(t.referralCount.desc().nullsFirst(), t.createdAt),
    // The admin list's default order (newest first) and the 30-day sign-up chart; deleted_at rides
    // along so that skipping deleted accounts (and a deep page) needs no table reads.
    index('users_created_idx').on(t.createdAt.desc().nullsFirst(), t.id, t.deletedAt),
    // The admin list sorted by last seen (who is active); written at most once per session touch.
    index('users_last_seen_idx').on(t.lastSeenAt),
    // The admin list's "banned" filter, in its default order (and its count), without reading the others.
    index('users_banned_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.banned} and ${t.deletedAt} is null`),
    // The admin list's role filter and the roles list's member counts (deleted accounts are not counted).
    index('users_role_idx').on(t.roleId).where(sql`${t.deletedAt} is null`),
    // Member lookup: names starting with the text, in byte order whatever the database's collation.
    index('users_username_prefix_idx').on(sql`(lower(${t.username}) collate "C")`),
    // Admin search (ILIKE '%text%') on name, e-mail and addresses: trigram indexes (pg_trgm).
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_first_ip_trgm_idx').using('gin', t.firstIp.op('gin_trgm_ops')),
    index('users_last_ip_trgm_idx').using('gin', t.lastIp.op('gin_trgm_ops')),
    check('users_coins_non_negative', sql`${t.coins} >= 0`),
    check(
      'users_limits_non_negative',
      sql`${t.memoryLimit} >= 0 and ${t.cpuLimit} >= 0 and ${t.diskLimit} >= 0 and ${t.serverLimit} >= 0 and ${t.allocationLimit} >= 0 and ${t.databaseLimit} >= 0 and ${t.backupLimit} >= 0`,
    ),
  ],
);
export type UserRow = typeof users.$inferSelect;
