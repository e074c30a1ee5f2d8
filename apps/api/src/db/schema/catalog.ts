import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Where servers can be placed: a Pterodactyl location, or a set of Pelican node tags. */
export const locations = pgTable('locations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  panelLocationId: integer('panel_location_id').unique(),
  /** On Pelican: creation deploys to a public node carrying at least one of these tags (none: any node). */
  panelNodeTags: text('panel_node_tags').array().notNull().default(sql`'{}'::text[]`),
  /** Servers the location may hold; null = no limit. */
  slots: integer('slots'),
  vip: boolean('vip').notNull().default(false),
  status: text('status', { enum: ['online', 'offline', 'maintenance'] })
    .notNull()
    .default('online'),
  icon: text('icon'),
  /**
   * The servers in this location, kept by triggers on servers (migration 0016): the slot rule and the
   * create page read it instead of counting every server. Never written by the application.
   */
  serverCount: integer('server_count').notNull().default(0),
  ...stamps,
});

/** A group of eggs: a Pterodactyl nest, or the Pelican eggs carrying one tag. */
export const eggCategories = pgTable('egg_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  panelNestId: integer('panel_nest_id').unique(),
  /** On Pelican: the egg tag this category gathers; "" gathers the eggs without a tag. */
  panelEggTag: text('panel_egg_tag').unique(),
  icon: text('icon'),
  enabled: boolean('enabled').notNull().default(true),
  ...stamps,
});

/** A server type members can pick (a Pterodactyl egg), with what the panel needs to create it. */
export const eggs = pgTable(
  'eggs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => eggCategories.id),
    panelEggId: integer('panel_egg_id').unique(),
    icon: text('icon'),
    vip: boolean('vip').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    dockerImage: text('docker_image').notNull().default(''),
    startup: text('startup').notNull().default(''),
    variables: jsonb('variables')
      .$type<{ env: string; default_value: string; rules: string }[]>()
      .notNull()
      .default([]),
    ...stamps,
  },
  (t) => [index('eggs_category_idx').on(t.categoryId)],
);
