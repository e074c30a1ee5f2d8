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
    index('coin_ledger_user_idx').on(t.userId, t.createdAt),
    index('coin_ledger_user_seq_idx').on(t.userId, t.seq),
  ],
);
