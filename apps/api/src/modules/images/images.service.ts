import type { ImageUsage, LibraryImage } from '@hostdeck/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { libraryImages } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CrudService } from '../../lib/crud-routes.ts';
import { libraryKey, type MediaStorage } from '../../lib/storage.ts';
import { tableCrud } from '../../lib/table-crud.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { encodeLibraryImage } from './images.encode.ts';
import { clearUsage, findUsage, MEDIA_PREFIX, usageCount } from './images.usage.ts';

type Row = typeof libraryImages.$inferSelect;

export function presentImage(r: Row, extra: { used?: unknown } = {}): LibraryImage {
  return {
    id: r.id,
    name: r.name,
    alt: r.alt,
    url: `${MEDIA_PREFIX}${r.storageKey}`,
    content_type: r.contentType as LibraryImage['content_type'],
    width: r.width,
    height: r.height,
    size: r.size,
    usage_count: Number(extra.used ?? 0),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** An image refused for deletion because records still show it (answered as a 409 with the list). */
export class ImageInUseError extends AppError {
  constructor(readonly usage: ImageUsage[]) {
    super('IMAGE_IN_USE', `This image is used by ${usage.length} record(s); confirm to remove it from them`);
  }
}

/**
 * The admin image library. Listing, reading and renaming are the generated CRUD; an upload writes the
 * re-encoded file first and the row after, removing the file again if the row fails; a delete removes
 * the row (and, when confirmed, the references) in one transaction and the file once that committed.
 */
export class ImagesService {
  readonly crud: CrudService<LibraryImage>;

  constructor(
    private readonly db: Db,
    private readonly storage: MediaStorage,
  ) {
    this.crud = tableCrud<LibraryImage>(db, {
      table: libraryImages,
      noun: 'library_image',
      fields: { name: 'name', alt: 'alt' },
      present: (row, extra) => presentImage(row as unknown as Row, extra),
      extra: { used: usageCount(libraryImages.storageKey) },
      sort: { name: libraryImages.name, size: libraryImages.size, created_at: libraryImages.createdAt },
      search: libraryImages.name,
    });
  }

  async upload(actor: Actor, input: Buffer, fields: { name: string; alt: string }): Promise<LibraryImage> {
    const image = await encodeLibraryImage(input);
    const key = libraryKey(image.extension);
    await this.storage.put(key, image.bytes, image.contentType);
    try {
      return await this.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [row] = await tx
          .insert(libraryImages)
          .values({
            storageKey: key,
            name: fields.name,
            alt: fields.alt,
            contentType: image.contentType,
            width: image.width,
            height: image.height,
            size: image.bytes.length,
            uploadedBy: actor.id,
          })
          .returning();
        const item = presentImage(row!);
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'library_image.create',
          targetType: 'library_image',
          targetId: item.id,
          after: item,
        });
        return item;
      });
    } catch (err) {
      await this.storage.delete(key).catch(() => undefined);
      throw err;
    }
  }

  async usage(id: number): Promise<ImageUsage[]> {
    const [row] = await this.db.select().from(libraryImages).where(eq(libraryImages.id, id));
    if (!row) throw new AppError('NOT_FOUND', 'There is no such image');
    return findUsage(this.db, `${MEDIA_PREFIX}${row.storageKey}`);
  }

  /** Refused while records show the image, unless confirmed: then they lose it in the same transaction. */
  async remove(actor: Actor, id: number, confirm: boolean): Promise<void> {
    const key = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await tx.select().from(libraryImages).where(eq(libraryImages.id, id)).for('update');
      if (!row) throw new AppError('NOT_FOUND', 'There is no such image');
      const path = `${MEDIA_PREFIX}${row.storageKey}`;
      const usage = await findUsage(tx, path);
      if (usage.length > 0 && !confirm) throw new ImageInUseError(usage);
      if (usage.length > 0) await clearUsage(tx, path);
      await tx.delete(libraryImages).where(eq(libraryImages.id, row.id));
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'library_image.delete',
        targetType: 'library_image',
        targetId: row.id,
        before: { ...presentImage(row), usage_count: usage.length },
        after: usage.length > 0 ? { cleared: usage } : undefined,
      });
      return row.storageKey;
    });
    // After the commit: a failed transaction keeps its file, and /api/media stops serving it from now on.
    await this.storage.delete(key);
  }
}
