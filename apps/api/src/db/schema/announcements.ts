import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** News for members: Markdown body (rendered sanitised), tags, optional cover image, pinned on top. */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Markdown as written by staff; raw HTML in it is never rendered. */
    body: text('body').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** Address of the cover image (an uploaded image or an https address); null = none. */
    coverImage: text('cover_image'),
    pinned: boolean('pinned').notNull().default(false),
    /** Drafts (false) are seen by staff only. */
    published: boolean('published').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** When members' bells were told (at publication, or when a scheduled one came due); null = not yet. */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('announcements_feed_idx').on(t.published, t.pinned, t.publishedAt),
    // The bell worker's pass reads only the few not yet announced.
    index('announcements_unannounced_idx').on(t.publishedAt).where(sql`${t.announcedAt} is null`),
  ],
);

/** Which member has read which announcement (the unread marker). */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] }), index('announcement_reads_user_idx').on(t.userId)],
);
