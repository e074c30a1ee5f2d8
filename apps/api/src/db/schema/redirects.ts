import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** /{name} that matches no page of the panel redirects to `url` (http or https only). */
export const redirectLinks = pgTable('redirect_links', {
  id: serial('id').primaryKey(),
  /** Lower-case path segment, unique. */
  name: text('name').notNull().unique(),
  url: text('url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
