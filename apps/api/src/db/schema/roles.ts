import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  displayName: text('display_name').notNull(),
  color: text('color').notNull().default('#94a3b8'),
  /** 1 = member; 2–8 may enter the admin area. */
  level: integer('level').notNull(),
  permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
  builtin: boolean('builtin').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type RoleRow = typeof roles.$inferSelect;
