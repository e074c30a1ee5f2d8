import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Plugins (issue #18). The code and manifest live on disk; the database holds what staff chose
 * (enabled, configuration), what the runtime counted (failures), each plugin's own key-value data,
 * and the events waiting for their hooks.
 */
export const plugins = pgTable('plugins', {
  identifier: text('identifier').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  /** Non-secret configuration values by key. */
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  /** Secret values by key, each sealed with the app key (lib/crypto.ts). */
  secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default({}),
  /** Why the runtime switched it off (repeated failures, a load error); null when staff did. */
  disabledReason: text('disabled_reason'),
  failuresTotal: integer('failures_total').notNull().default(0),
  failuresConsecutive: integer('failures_consecutive').notNull().default(0),
  lastError: text('last_error'),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A plugin's own data (PluginStore): keys are per plugin, values JSON. */
export const pluginKv = pgTable(
  'plugin_kv',
  {
    plugin: text('plugin').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.plugin, t.key] })],
);

/**
 * Which events enabled plugins hook. The coin ledger's trigger reads it: a ledger line becomes a
 * coins.changed event only while some plugin listens (migration 0021).
 */
export const pluginSubscriptions = pgTable(
  'plugin_subscriptions',
  {
    plugin: text('plugin').notNull(),
    event: text('event').notNull(),
  },
  (t) => [primaryKey({ columns: [t.plugin, t.event] }), index('plugin_subscriptions_event_idx').on(t.event)],
);

/**
 * Events waiting for their hooks. Written in the transaction that made the event (so a rolled-back
 * change makes none) and taken by one instance with DELETE … SKIP LOCKED (so each runs once).
 */
export const pluginOutbox = pgTable('plugin_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  eventId: uuid('event_id').notNull().defaultRandom(),
  event: text('event').notNull(),
  data: jsonb('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** When each plugin job runs next: claimed by one instance at a time. */
export const pluginJobRuns = pgTable(
  'plugin_job_runs',
  {
    plugin: text('plugin').notNull(),
    job: text('job').notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.plugin, t.job] })],
);
