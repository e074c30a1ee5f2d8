import { randomBytes } from 'node:crypto';
import {
  HOSTED_IMAGE_ID,
  HOSTED_IMAGE_MAX_PIXELS,
  HOSTED_THUMB_SIZE,
  type HostedImage,
  type HostedImageFormat,
  type HostedImageUsage,
  hostedImageFormats,
} from '@hostdeck/contracts';
import { and, asc, count, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { hostedImages, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { hostedKeys, type MediaStorage } from '../../lib/storage.ts';
import { moveCoins } from '../coins/ledger.ts';
import { encodePicture, thumbnail } from '../images/images.encode.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { deleteImages, removeImageFiles } from './hosted-images.files.ts';
import type { HostedImageRow, ImageUrls } from './hosted-images.urls.ts';

const TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/;
/** A gallery cursor: the last image's created_at (as PostgreSQL prints it, microseconds kept) and id. */
const encodeCursor = (createdAt: string, id: string) => Buffer.from(`${createdAt}|${id}`).toString('base64url');
function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || !TIMESTAMP.test(createdAt) || !HOSTED_IMAGE_ID.test(id)) return null;
  return { createdAt, id };
}

/**
 * Members' hosted images: the gallery, uploads (quota and coin cost checked and charged in one
 * transaction under the member's row lock; the files written after it committed, and taken back with
 * a refund if writing fails) and deletes.
 */
export class HostedImagesService {
  constructor(
    private readonly db: Db,
    private readonly media: MediaStorage,
    private readonly settings: SettingsService,
    readonly urls: ImageUrls,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Whether image hosting is on (images_enabled): its /i/ pages and files answer only then. */
  enabled(): boolean {
    return this.settings.bool('images_enabled');
  }

  /** Refuses while images_enabled is off (every member route, the ShareX upload, reports). */
  assertEnabled(): void {
    if (!this.enabled()) throw new AppError('FEATURE_DISABLED', 'Image hosting is switched off on this panel');
  }

  formats(): HostedImageFormat[] {
    const chosen = this.settings.string('image_hosting_formats').split(',');
    return hostedImageFormats.filter((f) => chosen.includes(f));
  }

  async usage(userId: string, db: Db = this.db): Promise<HostedImageUsage> {
    const [used] = await db
      .select({ count: count(), bytes: sql<string>`coalesce(sum(${hostedImages.size}), 0)` })
      .from(hostedImages)
      .where(eq(hostedImages.userId, userId));
    return {
      bytes: Number(used?.bytes ?? 0),
      count: Number(used?.count ?? 0),
      quota_bytes: this.settings.number('image_hosting_quota_bytes'),
      quota_count: this.settings.number('image_hosting_quota_count'),
      max_file_bytes: this.settings.number('image_hosting_max_bytes'),
      formats: this.formats(),
      animated_allowed: this.settings.string('image_hosting_animated') !== 'refuse',
      cost: this.settings.number('image_hosting_cost'),
    };
  }

  /** The member's images, newest first; the cursor is the last one of the previous page. */
  async list(userId: string, perPage: number, cursor?: string) {
    const after = cursor ? decodeCursor(cursor) : null;
    if (cursor && !after)
      throw new AppError('VALIDATION_ERROR', 'Not a valid cursor', { cursor: 'Not a valid cursor' });
    // (created_at desc, id asc): the order of hosted_images_user_created_idx, read from the index.
    const keyset = after
      ? or(
          lt(hostedImages.createdAt, sql`${after.createdAt}::timestamptz`),
          and(eq(hostedImages.createdAt, sql`${after.createdAt}::timestamptz`), gt(hostedImages.id, after.id)),
        )
      : undefined;
    const rows = await this.db
      .select({ row: hostedImages, at: sql<string>`${hostedImages.createdAt}::text` })
      .from(hostedImages)
      .where(and(eq(hostedImages.userId, userId), keyset))
      .orderBy(desc(hostedImages.createdAt), asc(hostedImages.id))
      .limit(perPage + 1);
    const page = rows.slice(0, perPage);
    const last = page.at(-1);
    return {
      success: true as const,
      data: page.map((r) => this.urls.present(r.row)),
      next_cursor: rows.length > perPage && last ? encodeCursor(last.at, last.row.id) : null,
      usage: await this.usage(userId),
    };
  }

  async upload(userId: string, input: Buffer, name: string): Promise<HostedImage> {
    this.assertEnabled();
    const encoded = await encodePicture(input, {
      maxPixels: HOSTED_IMAGE_MAX_PIXELS,
      formats: this.formats(),
      animated: this.settings.string('image_hosting_animated') === 'refuse' ? 'refuse' : 'keep',
      effort: 'fast',
    });
    const thumb = await thumbnail(encoded.bytes, HOSTED_THUMB_SIZE);
    const keys = hostedKeys(encoded.extension);
    const id = randomBytes(9).toString('base64url');
    const cost = this.settings.number('image_hosting_cost');
    const row = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // The member's row lock: parallel uploads of one member check the quota one after another.
      const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      if (!owner) throw new AppError('UNAUTHORIZED', 'Please log in');
      const usage = await this.usage(userId, tx);
      if (usage.quota_count > 0 && usage.count + 1 > usage.quota_count)
        throw new AppError(
          'IMAGE_QUOTA_EXCEEDED',
          `You can keep at most ${usage.quota_count} images; delete some first`,
        );
      if (usage.quota_bytes > 0 && usage.bytes + encoded.bytes.length > usage.quota_bytes)
        throw new AppError(
          'IMAGE_QUOTA_EXCEEDED',
          `This image would take your images past ${usage.quota_bytes} bytes; delete some first`,
        );
      if (cost > 0)
        await moveCoins(tx, {
          userId,
          amount: -cost,
          kind: 'image_upload',
          reason: 'Image upload',
          reference: id,
          idempotencyKey: `image_upload:${id}`,
        });
      const [inserted] = await tx
        .insert(hostedImages)
        .values({
          id,
          userId,
          name,
          contentType: encoded.contentType,
          extension: encoded.extension,
          width: encoded.width,
          height: encoded.height,
          size: encoded.bytes.length,
          animated: encoded.animated,
          storageKey: keys.file,
          thumbKey: keys.thumb,
        })
        .returning();
      return inserted!;
    });
    try {
      await this.media.put(keys.file, encoded.bytes, encoded.contentType);
      await this.media.put(keys.thumb, thumb, 'image/webp');
    } catch (err) {
      this.log.error({ err, image: id }, 'storing a hosted image failed; the upload is taken back');
      await this.takeBack(row, cost);
      throw new AppError(
        'SERVER_ERROR',
        cost > 0
          ? 'The image could not be stored; its cost was given back. Try again later'
          : 'The image could not be stored. Try again later',
      );
    }
    return this.urls.present(row);
  }

  /** The compensation of an upload whose files could not be written: the row goes, the cost comes back. */
  private async takeBack(row: HostedImageRow, cost: number): Promise<void> {
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const gone = await tx.delete(hostedImages).where(eq(hostedImages.id, row.id)).returning({ id: hostedImages.id });
      if (gone.length > 0 && cost > 0 && row.userId)
        await moveCoins(tx, {
          userId: row.userId,
          amount: cost,
          kind: 'refund',
          reason: 'Image upload failed',
          reference: row.id,
          idempotencyKey: `image_upload_refund:${row.id}`,
        });
    });
    await removeImageFiles(this.media, [row]);
  }

  /** The member's own image (someone else's id is a 404), its row and then both files. */
  async remove(userId: string, id: string): Promise<void> {
    const rows = await deleteImages(this.db, this.media, (tx) =>
      tx
        .delete(hostedImages)
        .where(and(eq(hostedImages.id, id), eq(hostedImages.userId, userId)))
        .returning(),
    );
    if (rows.length === 0) throw new AppError('NOT_FOUND', 'There is no such image');
  }

  /** An image by its public id, or null (the public pages and the report form). */
  async find(id: string): Promise<HostedImageRow | null> {
    const [row] = await this.db.select().from(hostedImages).where(eq(hostedImages.id, id));
    return row ?? null;
  }
}
