import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Every embedded database is opened through here: the migrations create the pg_trgm extension
 * (trigram indexes for the admin searches, decision 0024), and PGlite can only create or use an
 * extension that was handed to it when the instance was made. A data directory that has the
 * extension installed cannot be opened without it.
 */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { pg_trgm } });
}
