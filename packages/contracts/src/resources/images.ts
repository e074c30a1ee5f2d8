import { z } from 'zod';
import { defineResource, listQuery, VersionSchema } from '../resource.ts';
import { line } from '../text.ts';

/** The form field of an upload's file (multipart/form-data); its other fields are name and alt. */
export const IMAGE_UPLOAD_FIELD = 'file';
/** The formats the library keeps (checked from the bytes, re-encoded in the same format). */
export const libraryImageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type LibraryImageType = (typeof libraryImageTypes)[number];
/** Largest decoded picture, all frames together (a decompression-bomb guard). */
export const LIBRARY_IMAGE_MAX_PIXELS = 40_000_000;

const imageFields = {
  name: line().min(1).max(120),
  alt: line().max(300),
};

export const LibraryImageSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    alt: z.string(),
    /** The public address: /api/media/library/<random>.<ext>. */
    url: z.string(),
    content_type: z.enum(libraryImageTypes),
    width: z.number().int(),
    height: z.number().int(),
    /** Bytes of the stored (re-encoded) file. */
    size: z.number().int(),
    /** How many records point at it (locations, egg categories, eggs, announcements, J4R servers). */
    usage_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'LibraryImage' });
export type LibraryImage = z.infer<typeof LibraryImageSchema>;

/** Upload fields besides the file; the name defaults to the file's name. */
export const LibraryImageCreateSchema = z
  .object({ name: imageFields.name.optional(), alt: imageFields.alt.default('') })
  .strict();
export type LibraryImageCreate = z.input<typeof LibraryImageCreateSchema>;
export const LibraryImageUpdateSchema = z.object(imageFields).partial().extend(VersionSchema.shape).strict();
export type LibraryImageUpdate = z.infer<typeof LibraryImageUpdateSchema>;

export const libraryImagesResource = defineResource({
  name: 'images',
  permission: 'admin.images',
  item: LibraryImageSchema,
  create: LibraryImageCreateSchema,
  update: LibraryImageUpdateSchema,
  listQuery: listQuery(['name', 'size', 'created_at'], {}),
  sortable: ['name', 'size', 'created_at'],
});

/** The records whose icon or cover holds an image's address. */
export const imageUsageTypes = ['location', 'egg_category', 'egg', 'announcement', 'j4r_server'] as const;
export type ImageUsageType = (typeof imageUsageTypes)[number];
export const ImageUsageSchema = z
  .object({ type: z.enum(imageUsageTypes), id: z.number().int(), name: z.string() })
  .meta({ id: 'ImageUsage' });
export type ImageUsage = z.infer<typeof ImageUsageSchema>;
export const ImageUsageResultSchema = z.object({ success: z.literal(true), data: z.array(ImageUsageSchema) });

/** DELETE ?confirm=true clears the references in the same transaction; without it an image in use is refused. */
export const ImageDeleteQuery = z.object({ confirm: z.enum(['true', 'false']).optional() }).strict();
/** The 409 of a delete refused because the image is in use: the usual envelope and where it is used. */
export const ImageInUseSchema = z
  .object({
    success: z.literal(false),
    error_code: z.literal('IMAGE_IN_USE'),
    message: z.string(),
    usage: z.array(ImageUsageSchema),
  })
  .meta({ id: 'ImageInUse' });
export const ImageUploadResultSchema = z.object({ success: z.literal(true), data: LibraryImageSchema });
