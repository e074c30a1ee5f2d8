import { and, inArray, isNotNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { hostedImages } from '../db/schema/index.ts';
import type { MediaStorage } from '../lib/storage.ts';
import { deleteImages } from '../modules/hosted-images/hosted-images.files.ts';
import type { SettingsService } from '../modules/settings/settings.service.ts';
import { PeriodicWorker } from './periodic-worker.ts';

const TICK_MS = 60 * 60_000;
const BATCH = 100;
const DAY_MS = 86_400_000;

/**
 * Removes the hosted images of erased accounts (owner cleared, owner_deleted_at set) once
 * image_hosting_retention_days have passed since; with 0, every such image goes at the next pass.
 * Rows go in batches (SKIP LOCKED, so several instances share the work), their files after each commit.
 * Reports of the images stay.
 */
export class ImageRetentionWorker extends PeriodicWorker<number> {
  constructor(
    private readonly db: Db,
    private readonly media: MediaStorage,
    private readonly settings: SettingsService,
    log: FastifyBaseLogger,
  ) {
    super('image-retention', log, TICK_MS);
  }

  /** One pass; resolves with how many images were removed. */
  protected async work(now: number): Promise<number> {
    const cutoff = new Date(now - this.settings.number('image_hosting_retention_days') * DAY_MS);
    let removed = 0;
    for (;;) {
      const rows = await deleteImages(this.db, this.media, async (tx) => {
        const due = tx
          .select({ id: hostedImages.id })
          .from(hostedImages)
          .where(and(isNotNull(hostedImages.ownerDeletedAt), lte(hostedImages.ownerDeletedAt, cutoff)))
          .limit(BATCH)
          .for('update', { skipLocked: true });
        return tx.delete(hostedImages).where(inArray(hostedImages.id, due)).returning();
      });
      removed += rows.length;
      if (rows.length < BATCH) return removed;
    }
  }
}
