import type { Db } from '../../db/client.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import type { HostedImageRow } from './hosted-images.urls.ts';

/**
 * Removes the files of images whose rows are gone (called after the commit that deleted them: a
 * failed transaction keeps its files; a failed file removal leaves an orphan file, never a row
 * without its file being served).
 */
export async function removeImageFiles(
  media: MediaStorage,
  rows: Pick<HostedImageRow, 'storageKey' | 'thumbKey'>[],
): Promise<void> {
  await Promise.all(
    rows.flatMap((r) => [r.storageKey, r.thumbKey]).map((key) => media.delete(key).catch(() => undefined)),
  );
}

/** Runs `work` in a transaction that deletes image rows and returns them; removes their files once it committed. */
export async function deleteImages(
  db: Db,
  media: MediaStorage,
  work: (tx: Db) => Promise<HostedImageRow[]>,
): Promise<HostedImageRow[]> {
  const rows = await db.transaction((tx) => work(tx as unknown as Db));
  await removeImageFiles(media, rows);
  return rows;
}
