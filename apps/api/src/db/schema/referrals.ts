import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Who referred whom; paid once, to both, when the referred member is verified or active. */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredId: uuid('referred_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'paid', 'refused'] })
      .notNull()
      .default('pending'),
    refusal: text('refusal', { enum: ['same_ip', 'same_device'] }),
    rewardReferrer: integer('reward_referrer'),
    rewardReferred: integer('reward_referred'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referrals_referrer_idx').on(t.referrerId, t.createdAt)],
);
