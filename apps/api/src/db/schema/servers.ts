import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { eggs, locations } from './catalog.ts';
import { users } from './users.ts';

const resources = {
  memory: integer('memory').notNull(),
  cpu: integer('cpu').notNull(),
  disk: integer('disk').notNull(),
  ports: integer('ports').notNull(),
  databases: integer('databases').notNull(),
  backups: integer('backups').notNull(),
};
/**
 * What a server is (name, place, type, resources): shared by the request and the server it becomes.
 * A server keeps its location and egg from being deleted; a request's history goes with them
 * (`onDelete`: the queue's), while an open request keeps them too (the catalogue's `inUse` checks).
 */
const what = (onDelete?: 'cascade') => ({
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  locationId: integer('location_id')
    .notNull()
    .references(() => locations.id, onDelete ? { onDelete } : {}),
  eggId: integer('egg_id')
    .notNull()
    .references(() => eggs.id, onDelete ? { onDelete } : {}),
  ...resources,
});
const nonNegative = (t: {
  memory: unknown;
  cpu: unknown;
  disk: unknown;
  ports: unknown;
  databases: unknown;
  backups: unknown;
}) =>
  sql`${t.memory} >= 0 and ${t.cpu} >= 0 and ${t.disk} >= 0 and ${t.ports} >= 0 and ${t.databases} >= 0 and ${t.backups} >= 0`;

/** A member's game server, once the panel has it. */
export const servers = pgTable(
  'servers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    ...what(),
    panelServerId: integer('panel_server_id'),
    panelIdentifier: text('panel_identifier'),
    /** The panel the server was built on (integrations/hosting/panel-key.ts): it is only ever acted on there. */
    panelKey: text('panel_key'),
    /** The external id the server carries on the panel (its queue item's id); checked before acting on it. */
    externalId: text('external_id'),
    /** As last read from the panel: installing | active | suspended | install_failed; deleting while a delete runs. */
    status: text('status').notNull().default('installing'),
    /** Null while renewal is off. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * When Hostdeck suspended it because it expired (the grace period before deletion counts from here);
     * a renewal lifts it. A suspension made on the panel itself is never lifted by Hostdeck.
     */
    expirySuspendedAt: timestamp('expiry_suspended_at', { withTimezone: true }),
    /** When the owner was reminded of this expiry (cleared by a renewal). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('servers_owner_idx').on(t.ownerId),
    index('servers_location_idx').on(t.locationId),
    index('servers_expires_idx').on(t.expiresAt),
    // The admin list's default order (newest first: the index read backwards) and the 30-day chart.
    index('servers_created_idx').on(t.createdAt, t.id),
    uniqueIndex('servers_panel_server_idx').on(t.panelKey, t.panelServerId),
    // The lifecycle worker's passes (every 3 s for installing servers, every 30 s for the rest) read
    // only the rows they act on: servers in a passing state, and servers suspended at expiry. Partial,
    // so a panel of 100,000 steady servers keeps both indexes nearly empty (decision 0025).
    index('servers_transient_idx')
      .on(t.status, t.updatedAt)
      .where(sql`${t.status} in ('installing', 'updating', 'deleting')`),
    index('servers_expiry_suspended_idx').on(t.expiresAt).where(sql`${t.expirySuspendedAt} is not null`),
    check('servers_resources_non_negative', nonNegative(t)),
  ],
);

/**
 * A request to create a server. Its id is the panel server's external id, so a retry after a crash
 * finds the server it already made instead of making a second one.
 */
export const serverQueue = pgTable(
  'server_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    ...what('cascade'),
    status: text('status', { enum: ['pending', 'building', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * While "building": the worker holding the item renews this lease as it works; once it lapses
     * (the worker crashed or stopped) any instance takes the item back.
     */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    leasedBy: text('leased_by'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    serverId: uuid('server_id').references(() => servers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('server_queue_due_idx').on(t.status, t.nextAttemptAt),
    index('server_queue_user_idx').on(t.userId),
    // Servers built per day (the admin dashboard's analytics): a built request is the lasting record
    // of a server's creation, kept when the server is deleted.
    index('server_queue_completed_idx').on(t.updatedAt).where(sql`${t.status} = 'completed'`),
    check('server_queue_resources_non_negative', nonNegative(t)),
  ],
);

export const serverQueueLogs = pgTable(
  'server_queue_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queueId: uuid('queue_id')
      .notNull()
      .references(() => serverQueue.id, { onDelete: 'cascade' }),
    level: text('level', { enum: ['info', 'warn', 'error'] }).notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('server_queue_logs_queue_idx').on(t.queueId, t.createdAt)],
);

/** Each worker's last sign of life, shown in the admin area. */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  name: text('name').primaryKey(),
  instance: text('instance').notNull(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
});
