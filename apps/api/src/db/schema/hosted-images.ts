import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Images members host (uploads from the browser or ShareX), served at /i/<id>. The id is the public
 * one: 12 random base64url characters. user_id is cleared (and owner_deleted_at set) when the owner's
 * account is erased; such images stay for image_hosting_retention_days.
 */
export const hostedImages = pgTable(
  'hosted_images',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The upload's file name without its extension, for the gallery and the embed; never a path. */
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    extension: text('extension').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Bytes of the stored (re-encoded) file: what counts against the quota. */
    size: integer('size').notNull(),
    animated: boolean('animated').notNull().default(false),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    views: integer('views').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ownerDeletedAt: timestamp('owner_deleted_at', { withTimezone: true }),
  },
  (t) => [
    // The gallery: a member's images newest first, keyset-paged on (created_at, id).
    index('hosted_images_user_created_idx').on(t.userId, t.createdAt.desc(), t.id),
    // The retention job: ownerless images by when their owner went.
    index('hosted_images_owner_deleted_idx').on(t.ownerDeletedAt).where(sql`${t.ownerDeletedAt} is not null`),
    check('hosted_images_size_positive', sql`${t.size} > 0`),
    check('hosted_images_views_non_negative', sql`${t.views} >= 0`),
  ],
);

export const imageReportStatusValues = ['pending', 'reviewed', 'resolved', 'dismissed'] as const;

/**
 * A report of a hosted image by a visitor or a member. No foreign key to the image: the report stays
 * (for the record and the uploader's history) after staff remove the image.
 */
export const imageReports = pgTable(
  'image_reports',
  {
    id: serial('id').primaryKey(),
    imageId: text('image_id').notNull(),
    uploaderId: uuid('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    /** HMAC of the reporter's address (never the address itself). */
    reporterIpHash: text('reporter_ip_hash').notNull(),
    /** Who reported, for "one pending report each": `user:<uuid>` or `ip:<hash>`. */
    reporterKey: text('reporter_key').notNull(),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: imageReportStatusValues }).notNull().default('pending'),
    staffNotes: text('staff_notes').notNull().default(''),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('image_reports_status_created_idx').on(t.status, t.createdAt),
    index('image_reports_image_idx').on(t.imageId),
    index('image_reports_uploader_idx').on(t.uploaderId),
    // One pending report per reporter and image, even under concurrent requests.
    uniqueIndex('image_reports_pending_reporter_idx').on(t.imageId, t.reporterKey).where(sql`${t.status} = 'pending'`),
  ],
);

/** A member's image hosting settings: the ShareX upload key (hashed) and the embed of their /i/ pages. */
export const imageHostingSettings = pgTable(
  'image_hosting_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the upload key; null while the member has none. */
    uploadKeyHash: text('upload_key_hash'),
    /** The key's first characters, to tell keys apart. */
    uploadKeyHint: text('upload_key_hint'),
    uploadKeyCreatedAt: timestamp('upload_key_created_at', { withTimezone: true }),
    uploadKeyLastUsedAt: timestamp('upload_key_last_used_at', { withTimezone: true }),
    embedEnabled: boolean('embed_enabled').notNull().default(true),
    embedTitle: text('embed_title').notNull().default('{filename}'),
    embedDescription: text('embed_description').notNull().default('Uploaded by {username} on {date}'),
    embedColor: text('embed_color').notNull().default('#5865f2'),
    embedSiteName: text('embed_site_name').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('image_hosting_settings_key_idx').on(t.uploadKeyHash)],
);
