import { z } from 'zod';
import { pageSchema } from '../pagination.ts';
import { defineResource, listQuery, QueryBoolean, VersionSchema } from '../resource.ts';
import { line } from '../text.ts';
import { httpUrl } from './redirects.ts';

export const ANNOUNCEMENT_TAGS_MAX = 6;
export const TAG_MESSAGE = 'Letters, digits, spaces, - and _ only';
/** A short label, kept lower-case so that filtering by tag does not depend on how it was typed. */
const tag = line()
  .min(1)
  .max(24)
  .transform((v) => v.toLowerCase())
  .pipe(z.string().regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u, { message: TAG_MESSAGE }));

/**
 * Staff write Markdown; it is stored exactly as written and only ever rendered by the client's safe
 * renderer (no raw HTML, http/https/mailto links, http(s) images), so nothing harmless is refused here.
 */
const announcementFields = {
  title: line().min(1).max(200),
  body: z
    .string()
    .max(50_000)
    .refine((v) => v.trim().length > 0, { message: 'Write the announcement' }),
  tags: z
    .array(tag)
    .max(ANNOUNCEMENT_TAGS_MAX)
    .transform((tags) => [...new Set(tags)]),
  cover_image: httpUrl(1024).nullable(),
  pinned: z.boolean(),
  /** false: a draft, seen by staff only. */
  published: z.boolean(),
  /** Members see it from this time on (a later time schedules it). */
  published_at: z.iso.datetime({ offset: true }),
};

export const AnnouncementSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    /** Markdown, never HTML. */
    body: z.string(),
    tags: z.array(z.string()),
    cover_image: z.string().nullable(),
    pinned: z.boolean(),
    published: z.boolean(),
    published_at: z.string(),
    /** Username of the staff member who wrote it (null once their account is gone). */
    author: z.string().nullable(),
    /** Members who have read it. */
    reads: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Announcement' });
export type Announcement = z.infer<typeof AnnouncementSchema>;
export const AnnouncementCreateSchema = z
  .object({
    ...announcementFields,
    tags: announcementFields.tags.default([]),
    cover_image: announcementFields.cover_image.default(null),
    pinned: announcementFields.pinned.default(false),
    published: announcementFields.published.default(true),
    published_at: announcementFields.published_at.optional(),
  })
  .strict();
export const AnnouncementUpdateSchema = z.object(announcementFields).partial().extend(VersionSchema.shape).strict();
export const announcementsResource = defineResource({
  name: 'announcements',
  permission: 'admin.announcements',
  item: AnnouncementSchema,
  create: AnnouncementCreateSchema,
  update: AnnouncementUpdateSchema,
  listQuery: listQuery(['title', 'published_at', 'created_at'], {
    published: QueryBoolean.optional(),
    pinned: QueryBoolean.optional(),
  }),
  sortable: ['title', 'published_at', 'created_at'],
});

/** One announcement as members see it: published ones only, with whether the caller has read it. */
export const AnnouncementFeedItemSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    /** Markdown, never HTML: the client renders it safely. */
    body: z.string(),
    tags: z.array(z.string()),
    cover_image: z.string().nullable(),
    pinned: z.boolean(),
    published_at: z.string(),
    unread: z.boolean(),
  })
  .meta({ id: 'AnnouncementFeedItem' });
export type AnnouncementFeedItem = z.infer<typeof AnnouncementFeedItemSchema>;
export const AnnouncementFeedQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(50).default(10),
    tag: z.string().trim().toLowerCase().min(1).max(24).optional(),
  })
  .strict();
/** Pinned first, then newest first. */
export const AnnouncementFeedSchema = pageSchema(AnnouncementFeedItemSchema);
export type AnnouncementFeed = z.infer<typeof AnnouncementFeedSchema>;
/** The caller's unread announcements (the nav badge); every read call answers it too. */
export const AnnouncementUnreadSchema = z.object({ success: z.literal(true), unread: z.number().int() });
export type AnnouncementUnread = z.infer<typeof AnnouncementUnreadSchema>;
