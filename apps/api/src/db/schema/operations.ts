import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A backup of the whole database: a compressed snapshot file in <DATA_DIR>/backups with a manifest. */
export const backups = pgTable(
  'backups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Made by the server: hostdeck-<time>-<random>.<ext>; never from the client. */
    fileName: text('file_name').notNull().unique(),
    status: text('status', { enum: ['running', 'completed', 'failed'] })
      .notNull()
      .default('running'),
    /** 0 to 100 while running. */
    progress: integer('progress').notNull().default(0),
    kind: text('kind', { enum: ['manual', 'scheduled', 'imported'] })
      .notNull()
      .default('manual'),
    /** Bytes of the finished file. */
    size: bigint('size', { mode: 'number' }),
    /** App version, schema migration, table row counts, checksum. */
    manifest: jsonb('manifest').$type<Record<string, unknown>>(),
    error: text('error'),
    /** Object key when the file was uploaded to cloud storage. */
    cloudKey: text('cloud_key'),
    cloudUploadedAt: timestamp('cloud_uploaded_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [check('backups_progress_range', sql`${t.progress} between 0 and 100`)],
);

/** The admin image library: icons and pictures for locations, eggs, announcements; re-encoded on upload. */
export const libraryImages = pgTable('library_images', {
  id: serial('id').primaryKey(),
  /** Storage key chosen by the server (random); the public address is /api/media/<key>. */
  storageKey: text('storage_key').notNull().unique(),
  name: text('name').notNull(),
  alt: text('alt').notNull().default(''),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  size: integer('size').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
