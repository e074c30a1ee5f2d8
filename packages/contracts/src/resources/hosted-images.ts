import { z } from 'zod';
import { defineResource, listQuery, VersionSchema } from '../resource.ts';
import { line } from '../text.ts';

/**
 * Image hosting for members (not the admin image library of ./images.ts): uploads from the browser or
 * ShareX, a gallery, public pages at /i/<id> with OpenGraph embeds, and reports that staff review.
 */

/** The formats a member may host (checked from the bytes, re-encoded in the same format). */
export const hostedImageFormats = ['png', 'jpeg', 'gif', 'webp'] as const;
export type HostedImageFormat = (typeof hostedImageFormats)[number];
/** The multipart field of the file, in the browser form and in the .sxcu the panel generates. */
export const HOSTED_IMAGE_FIELD = 'file';
/** The header ShareX sends the personal upload key in (the .sxcu's Headers). */
export const UPLOAD_KEY_HEADER = 'x-upload-key';
/** Upload keys: this prefix and 43 base64url characters (32 random bytes); stored as a hash only. */
export const UPLOAD_KEY_PREFIX = 'hdi_';
/** Most pixels of one upload, all frames together (a decompression-bomb guard, checked before decoding). */
export const HOSTED_IMAGE_MAX_PIXELS = 40_000_000;
/** Thumbnails are WebP, at most this many pixels on their longer side. */
export const HOSTED_THUMB_SIZE = 320;
/** Public ids of hosted images: 12 base64url characters (72 random bits), in /i/<id>. */
export const HOSTED_IMAGE_ID = /^[A-Za-z0-9_-]{12}$/;

export const HostedImageIdParams = z.object({
  id: z.string().regex(HOSTED_IMAGE_ID, { message: 'Not a valid image id' }),
});

export const HostedImageSchema = z
  .object({
    id: z.string(),
    /** The upload's file name (shown in the gallery and the embed's {filename}); never part of a path. */
    name: z.string(),
    content_type: z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
    width: z.number().int(),
    height: z.number().int(),
    /** Bytes of the stored (re-encoded) file, which is what counts against the quota. */
    size: z.number().int(),
    animated: z.boolean(),
    views: z.number().int(),
    /** The page with the embed and the viewer: <images origin>/i/<id>. */
    page_url: z.string(),
    /** The bytes: <images origin>/i/<id>.<ext>. */
    direct_url: z.string(),
    /** A small WebP for galleries: <images origin>/i/<id>/thumb. */
    thumbnail_url: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'HostedImage' });
export type HostedImage = z.infer<typeof HostedImageSchema>;

/** Where a member stands against the limits (a limit of 0 means none). */
export const HostedImageUsageSchema = z
  .object({
    bytes: z.number().int(),
    count: z.number().int(),
    quota_bytes: z.number().int(),
    quota_count: z.number().int(),
    max_file_bytes: z.number().int(),
    formats: z.array(z.enum(hostedImageFormats)),
    animated_allowed: z.boolean(),
    /** Coins charged per upload (0: free). */
    cost: z.number().int(),
  })
  .meta({ id: 'HostedImageUsage' });
export type HostedImageUsage = z.infer<typeof HostedImageUsageSchema>;

/** The gallery: newest first, keyset-paged (pass next_cursor back as cursor). */
export const HostedImageListQuery = z
  .object({
    per_page: z.coerce.number().int().min(1).max(100).default(30),
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'Not a valid cursor' })
      .optional(),
  })
  .strict();
export const HostedImagePageSchema = z.object({
  success: z.literal(true),
  data: z.array(HostedImageSchema),
  next_cursor: z.string().nullable(),
  usage: HostedImageUsageSchema,
});
export const HostedImageResultSchema = z.object({ success: z.literal(true), data: HostedImageSchema });

/** What the ShareX uploader reads from a successful upload's JSON ({json:url} and friends). */
export const ShareXUploadResultSchema = z
  .object({
    success: z.literal(true),
    /** The page link (what ShareX copies); the embed shows the picture. */
    url: z.string(),
    direct_url: z.string(),
    thumbnail_url: z.string(),
    /** Opens the gallery on the image's delete confirmation (signed in). */
    deletion_url: z.string(),
    data: HostedImageSchema,
  })
  .meta({ id: 'ShareXUploadResult' });

// Embed settings: what Discord and other OpenGraph readers show for a member's image pages.
/** Placeholders allowed in the embed's title and description. */
export const embedPlaceholders = ['{username}', '{filename}', '{size}', '{width}', '{height}', '{date}'] as const;
export const EmbedSettingsSchema = z
  .object({
    enabled: z.boolean(),
    title: line().max(120),
    description: z.string().trim().max(300),
    /** #rrggbb, the theme-color Discord draws the embed's side bar in. */
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'A colour like #5865f2' }),
    site_name: line().max(80),
  })
  .meta({ id: 'EmbedSettings' });
export type EmbedSettings = z.infer<typeof EmbedSettingsSchema>;
export const EmbedSettingsUpdateSchema = EmbedSettingsSchema.partial().strict();

export const ImageHostingConfigSchema = z
  .object({
    success: z.literal(true),
    embed: EmbedSettingsSchema,
    upload_key: z
      .object({
        /** The key's first characters (hdi_xxxx…), to tell keys apart; the key itself is never shown again. */
        hint: z.string(),
        created_at: z.string(),
        last_used_at: z.string().nullable(),
      })
      .nullable(),
    /** Where ShareX posts: <panel>/api/images/sharex. */
    upload_url: z.string(),
    usage: HostedImageUsageSchema,
  })
  .meta({ id: 'ImageHostingConfig' });
export type ImageHostingConfig = z.infer<typeof ImageHostingConfigSchema>;

// Reports: anyone who can open an image page may report it (Turnstile when configured, rate-limited).
export const imageReportReasons = ['spam', 'nsfw', 'violence', 'harassment', 'illegal', 'copyright', 'other'] as const;
export type ImageReportReason = (typeof imageReportReasons)[number];
export const imageReportStatuses = ['pending', 'reviewed', 'resolved', 'dismissed'] as const;
export type ImageReportStatus = (typeof imageReportStatuses)[number];

export const ImageReportCreateSchema = z
  .object({
    reason: z.enum(imageReportReasons),
    note: z.string().trim().max(1000).default(''),
    /** The Turnstile token, required when Turnstile is configured. */
    turnstile_token: z.string().max(4096).optional(),
  })
  .strict();
export type ImageReportCreate = z.input<typeof ImageReportCreateSchema>;

const UserRefSchema = z.object({ uuid: z.string(), username: z.string() }).nullable();

export const ImageReportSchema = z
  .object({
    id: z.number().int(),
    image_id: z.string(),
    /** False once the image has been removed (the report stays for the record). */
    image_exists: z.boolean(),
    image: HostedImageSchema.nullable(),
    uploader: UserRefSchema,
    /** The member who reported, or null for a visitor who was not signed in. */
    reporter: UserRefSchema,
    reason: z.enum(imageReportReasons),
    note: z.string(),
    status: z.enum(imageReportStatuses),
    /** Staff notes, never shown to members. */
    staff_notes: z.string(),
    handled_by: UserRefSchema,
    handled_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ImageReport' });
export type ImageReport = z.infer<typeof ImageReportSchema>;

export const ImageReportUpdateSchema = z
  .object({ status: z.enum(imageReportStatuses), staff_notes: z.string().trim().max(5000) })
  .partial()
  .extend(VersionSchema.shape)
  .strict();
export type ImageReportUpdate = z.infer<typeof ImageReportUpdateSchema>;

export const imageReportsResource = defineResource({
  name: 'image-reports',
  permission: 'admin.image.reports',
  item: ImageReportSchema,
  create: null,
  update: ImageReportUpdateSchema,
  listQuery: listQuery(['created_at', 'status', 'reason'], {
    status: z.enum(imageReportStatuses).optional(),
    reason: z.enum(imageReportReasons).optional(),
    image_id: z.string().regex(HOSTED_IMAGE_ID).optional(),
  }),
  sortable: ['created_at', 'status', 'reason'],
});

/** The staff actions on a report; each closes it (dismissed, or resolved) and is audited. */
export const imageReportActions = ['dismiss', 'remove_image', 'ban_uploader'] as const;
export type ImageReportAction = (typeof imageReportActions)[number];
export const ImageReportActionSchema = z
  .object({ action: z.enum(imageReportActions), note: z.string().trim().max(1000).default('') })
  .strict();

/** The edit page: the report, the other reports of the same image, and the uploader's history. */
export const ImageReportDetailSchema = z.object({
  success: z.literal(true),
  data: ImageReportSchema,
  earlier_reports: z.array(ImageReportSchema.omit({ image: true })),
  uploader_stats: z
    .object({ images: z.number().int(), reports: z.number().int(), removed: z.number().int(), banned: z.boolean() })
    .nullable(),
});

/**
 * POST /api/user/images/key: a new personal upload key (the old one stops at once), shown this once,
 * with the ShareX custom uploader (.sxcu contents) that carries it.
 */
export const ShareXConfigSchema = z
  .object({
    Version: z.string(),
    Name: z.string(),
    DestinationType: z.string(),
    RequestMethod: z.literal('POST'),
    RequestURL: z.string(),
    Headers: z.record(z.string(), z.string()),
    Body: z.literal('MultipartFormData'),
    FileFormName: z.literal(HOSTED_IMAGE_FIELD),
    URL: z.string(),
    ThumbnailURL: z.string(),
    DeletionURL: z.string(),
    ErrorMessage: z.string(),
  })
  .meta({ id: 'ShareXConfig' });
export type ShareXConfig = z.infer<typeof ShareXConfigSchema>;
export const UploadKeyResultSchema = z.object({
  success: z.literal(true),
  key: z.string(),
  sharex: ShareXConfigSchema,
});
