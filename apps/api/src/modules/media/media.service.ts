import { AVATAR_SIZE, BACKGROUND_MAX_WIDTH, MEDIA_MAX_PIXELS, type MediaKind, skinRules } from '@hostdeck/contracts';
import { eq } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { isValidMediaKey, type MediaStorage, mediaKey } from '../../lib/storage.ts';
import type { SessionService } from '../auth/sessions.service.ts';

/** Where stored files are served; the users row holds this prefix followed by the key. */
export const MEDIA_PREFIX = '/api/media/';

/** What the bytes really are (sharp's name for the format), whatever the request declared. */
const READABLE = new Set(['png', 'jpeg', 'webp', 'gif']);

const columnOf = { avatar: users.avatar, background: users.background, skin: users.skin } as const;

export interface EncodedImage {
  bytes: Buffer;
  contentType: 'image/webp' | 'image/png';
  extension: 'webp' | 'png';
}

const unsupported = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send a PNG, JPEG, WebP or GIF picture (this file is not one)');

/**
 * Decodes the upload and writes a new file from its pixels only (no metadata survives):
 * avatars as a 256×256 WebP, backgrounds as a WebP at most 1920 wide, skins as a PNG with alpha.
 * The content decides: a declared type is never trusted.
 */
export async function encodeImage(kind: MediaKind, input: Buffer): Promise<EncodedImage> {
  const options = { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'error' } as const;
  let meta: Metadata;
  try {
    // Reads the header only; the pixel limit is checked below with its own answer, then again when decoding.
    meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  if (!meta.format || !READABLE.has(meta.format)) throw unsupported();
  const { width = 0, height = 0 } = meta;
  if (width * height > MEDIA_MAX_PIXELS)
    throw new AppError('PAYLOAD_TOO_LARGE', `The picture is too large: at most ${MEDIA_MAX_PIXELS} pixels`);
  if (kind === 'skin') {
    const heights: readonly number[] = skinRules.heights;
    if (meta.format !== 'png')
      throw new AppError('VALIDATION_ERROR', 'A skin must be a PNG file', { skin: 'A skin must be a PNG file' });
    if (width !== skinRules.width || !heights.includes(height))
      throw new AppError('VALIDATION_ERROR', `A skin is 64×64 or 64×32 pixels, not ${width}×${height}`, {
        skin: 'A skin is 64×64 or 64×32 pixels',
      });
  }
  try {
    const image = sharp(input, options);
    if (kind === 'skin')
      return { bytes: await image.png({ compressionLevel: 9 }).toBuffer(), contentType: 'image/png', extension: 'png' };
    // Turned upright by its EXIF orientation before the metadata is dropped.
    const upright = image.rotate();
    const resized =
      kind === 'avatar'
        ? upright.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
        : upright.resize({ width: BACKGROUND_MAX_WIDTH, fit: 'inside', withoutEnlargement: true });
    return { bytes: await resized.webp({ quality: 85 }).toBuffer(), contentType: 'image/webp', extension: 'webp' };
  } catch {
    // A header that reads but pixels that do not (a truncated or corrupt file).
    throw unsupported();
  }
}

/** The key of a file we stored for this member and kind, or null for anything else (an outside URL). */
function ownKey(url: string | null, kind: MediaKind, userId: string): string | null {
  if (!url?.startsWith(MEDIA_PREFIX)) return null;
  const key = url.slice(MEDIA_PREFIX.length);
  return isValidMediaKey(key) && key.startsWith(`${kind}/${userId}-`) ? key : null;
}

/** Members' avatars, backgrounds and skins: stored files, the users row pointing at them, old files removed. */
export class MediaService {
  constructor(
    private readonly db: Db,
    private readonly storage: MediaStorage,
    private readonly sessions: SessionService,
  ) {}

  /** Stores the upload and points the member's row at it; returns its public URL. */
  async upload(userId: string, kind: MediaKind, input: Buffer): Promise<string> {
    const image = await encodeImage(kind, input);
    const key = mediaKey(kind, userId, image.extension);
    await this.storage.put(key, image.bytes, image.contentType);
    const url = `${MEDIA_PREFIX}${key}`;
    let previous: string | null;
    try {
      previous = await this.swap(userId, kind, url);
    } catch (err) {
      await this.storage.delete(key);
      throw err;
    }
    await this.afterChange(userId, kind, previous);
    return url;
  }

  /** Clears the member's picture of this kind and removes the file. */
  async remove(userId: string, kind: MediaKind): Promise<void> {
    const previous = await this.swap(userId, kind, null);
    await this.afterChange(userId, kind, previous);
  }

  /** A public picture; ticket attachments share the store but are never served here. */
  async read(key: string) {
    return isValidMediaKey(key) ? this.storage.get(key) : null;
  }

  /** Sets the column, returning what it held before (the row locked, so two uploads cannot both keep a file). */
  private async swap(userId: string, kind: MediaKind, url: string | null): Promise<string | null> {
    const column = columnOf[kind];
    return this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await tx.select({ value: column }).from(users).where(eq(users.id, userId)).for('update');
      if (!row) throw new AppError('UNAUTHORIZED', 'Please log in');
      const patch: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
      patch[kind] = url;
      await tx.update(users).set(patch).where(eq(users.id, userId));
      return row.value;
    });
  }

  /** Once the row no longer points at it, the old file goes; the cached session picks up the change. */
  private async afterChange(userId: string, kind: MediaKind, previous: string | null): Promise<void> {
    const old = ownKey(previous, kind, userId);
    if (old) await this.storage.delete(old);
    await this.sessions.invalidateUser(userId);
  }
}
