import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Operator-set values; a key absent here has its catalogue default. A secret setting is stored sealed
 * with the app key (`{ sealed }`, settings.service.ts).
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<string | number | boolean | { sealed: string }>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
