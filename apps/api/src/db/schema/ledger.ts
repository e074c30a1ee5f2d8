import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Every change of a coin balance, append-only: the economy issue builds on this table.
 * Written in the same transaction as the balance change.
 */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Insertion order. Lines of one transaction share created_at (now()), so history is ordered by
     * this, and "balance after" reads as a running total.
     */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    kind: text('kind').notNull(),
    reason: text('reason'),
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').unique(),
    actorId: uuid('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A member's lines of one kind: the AFK page's "earned today" (kind afk, since midnight) and the
    // history's total when filtered by kind, both from the index alone (decision 0024).
    index('coin_ledger_user_kind_idx').on(t.userId, t.kind, t.createdAt),
    index('coin_ledger_user_seq_idx').on(t.userId, t.seq),
    // The dashboard's coins per day: a range of days read from the index alone (amount beside the time).
    index('coin_ledger_created_idx').on(t.createdAt, t.amount),
  ],
);
