import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A code members redeem for coins; `uses` counts redemptions and never passes `max_uses`. */
export const redeemCodes = pgTable(
  'redeem_codes',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case; matched without regard to case. */
    code: text('code').notNull().unique(),
    coins: integer('coins').notNull(),
    /** null = no limit. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('redeem_codes_coins_positive', sql`${t.coins} > 0`),
    check('redeem_codes_uses_within_max', sql`${t.maxUses} is null or ${t.uses} <= ${t.maxUses}`),
  ],
);

/** Who redeemed which code: one row per member and code (the unique key makes a second one fail). */
export const redeemCodeUses = pgTable(
  'redeem_code_uses',
  {
    id: serial('id').primaryKey(),
    codeId: integer('code_id')
      .notNull()
      .references(() => redeemCodes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('redeem_code_uses_once').on(t.codeId, t.userId), index('redeem_code_uses_user_idx').on(t.userId)],
);
