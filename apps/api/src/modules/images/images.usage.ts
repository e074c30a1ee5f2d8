import type { ImageUsage, ImageUsageType } from '@hostdeck/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { announcements, eggCategories, eggs, j4rServers, locations } from '../../db/schema/index.ts';

/** Where the public address of a stored file begins. */
export const MEDIA_PREFIX = '/api/media/';

interface Referrer {
  type: ImageUsageType;
  table: PgTable;
  id: AnyPgColumn;
  name: AnyPgColumn;
  column: AnyPgColumn;
  /** The Drizzle property of the column, for the update that clears it. */
  key: string;
}

/** Every column that may hold an image's address (the icon and cover fields of the admin forms). */
const referrers: Referrer[] = [
  { type: 'location', table: locations, id: locations.id, name: locations.name, column: locations.icon, key: 'icon' },
  {
    type: 'egg_category',
    table: eggCategories,
    id: eggCategories.id,
    name: eggCategories.name,
    column: eggCategories.icon,
    key: 'icon',
  },
  { type: 'egg', table: eggs, id: eggs.id, name: eggs.name, column: eggs.icon, key: 'icon' },
  {
    type: 'announcement',
    table: announcements,
    id: announcements.id,
    name: announcements.title,
    column: announcements.coverImage,
    key: 'coverImage',
  },
  {
    type: 'j4r_server',
    table: j4rServers,
    id: j4rServers.id,
    name: j4rServers.name,
    column: j4rServers.iconUrl,
    key: 'iconUrl',
  },
];

/**
 * The forms keep absolute http(s) addresses (https://panel.example/api/media/library/…), so a column
 * refers to the image when it ends with its path. The key is random, so nothing else ends the same way;
 * right() rather than LIKE, whose wildcards (_) the keys contain.
 */
const refersTo = (column: AnyPgColumn, path: string): SQL => sql`right(${column}, ${path.length}) = ${path}`;

/** The records that show this image, in a stable order. */
export async function findUsage(db: Db, path: string): Promise<ImageUsage[]> {
  const found: ImageUsage[] = [];
  for (const r of referrers) {
    const rows = (await db
      .select({ id: r.id, name: r.name })
      .from(r.table as never)
      .where(refersTo(r.column, path))
      .orderBy(r.id)) as { id: number; name: string }[];
    for (const row of rows) found.push({ type: r.type, id: row.id, name: row.name });
  }
  return found;
}

/** Empties every reference to the image (inside the caller's transaction, with the row's delete). */
export async function clearUsage(tx: Db, path: string): Promise<void> {
  for (const r of referrers) {
    await tx
      .update(r.table as never)
      .set({ [r.key]: null, updatedAt: new Date() } as never)
      .where(refersTo(r.column, path));
  }
}

/** The number of records showing the image, as a value selected beside each library row. */
export function usageCount(storageKey: AnyPgColumn): SQL<number> {
  const path = sql`${MEDIA_PREFIX} || ${storageKey}`;
  const counts = referrers.map(
    (r) => sql`(select count(*) from ${r.table} where right(${r.column}, length(${path})) = ${path})`,
  );
  return sql<number>`(${sql.join(counts, sql` + `)})::int`;
}
