import type { Db } from './client.ts';
import { memberCacheOf } from './member-cache.ts';

const built = new WeakMap<object, Map<(db: Db) => unknown, unknown>>();

/**
 * A drizzle query built once per database handle and run with placeholders (`sql.placeholder`).
 * Building a query costs drizzle more CPU than PostgreSQL spends on a member's small indexed read
 * (a fifth of the server's time on `GET /api/servers`, decision 0025), so the reads every member page
 * makes are built once. `build` must be a module-level function: it is the cache key. A transaction
 * is a handle of its own, so a statement always runs where it was asked for. Statements are unnamed
 * on PostgreSQL (no server-side plan cache), which keeps transaction-mode poolers working.
 */
export function prepared<Q>(db: Db, build: (db: Db) => Q): Q {
  let queries = built.get(db);
  if (!queries) {
    queries = new Map();
    built.set(db, queries);
  }
  let query = queries.get(build) as Q | undefined;
  if (!query) {
    query = build(db);
    queries.set(build, query);
  }
  return query;
}

type Statement<R> = { execute(values: Record<string, unknown>): Promise<R> };

/**
 * `prepared(db, build).execute(values)` for a read of one member's own rows: kept in memory until a
 * row of theirs changes (member-cache.ts), when `db` is the database's own handle. In a transaction
 * it always reads.
 */
export function memberRead<R>(
  db: Db,
  userId: string,
  build: (db: Db) => Statement<R>,
  values: Record<string, unknown>,
): Promise<R> {
  const cache = memberCacheOf(db);
  const run = () => prepared(db, build).execute(values);
  return cache ? cache.read(userId, build, values, run) : run();
}
