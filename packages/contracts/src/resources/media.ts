import { z } from 'zod';

/** What a member may upload as their avatar, profile background or Minecraft skin. */
export const mediaKinds = ['avatar', 'background', 'skin'] as const;
export type MediaKind = (typeof mediaKinds)[number];

/** The declared types an upload may carry; the server still decodes the bytes and trusts only what it finds. */
export const mediaAcceptedTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type MediaAcceptedType = (typeof mediaAcceptedTypes)[number];

/** Largest upload body (5 MiB). */
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;
/** Largest decoded picture (width × height); bigger ones are refused before they are decoded. */
export const MEDIA_MAX_PIXELS = 40_000_000;
/** Avatars are stored as a square of this side (WebP, cropped to cover). */
export const AVATAR_SIZE = 256;
/** Backgrounds are stored at most this wide (WebP, never enlarged). */
export const BACKGROUND_MAX_WIDTH = 1920;

/** Minecraft skins: a PNG of 64×64 (current layout) or 64×32 (legacy layout), transparency kept. */
export const skinRules = {
  type: 'image/png',
  width: 64,
  heights: [64, 32],
} as const;

/** The answer to an upload: the public address of the stored file (`/api/media/<key>`). */
export const MediaUploadResultSchema = z
  .object({ success: z.literal(true), url: z.string() })
  .meta({ id: 'MediaUploadResult' });
export type MediaUploadResult = z.infer<typeof MediaUploadResultSchema>;
