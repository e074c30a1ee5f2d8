import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../lib/paths.ts';
import { acquireDataDirLock } from './lock.ts';
import { attachMemberCache, listenOnConnect, listenOnPglite, MemberCache } from './member-cache.ts';
import { createPglite } from './pglite.ts';
import { withOneTripQueries } from './pglite-one-trip.ts';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Size of the database in bytes. */
  size(): Promise<number>;
  /** Members' own reads kept between changes (member-cache.ts); absent when switched off. */
  memberCache?: MemberCache;
  /** The PostgreSQL pool's use right now (for /metrics); absent on the embedded database. */
  pool?(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export class DatabaseUnavailableError extends Error {}

async function databaseSize(db: Db): Promise<number> {
  const r = await db.execute<{ s: string }>(sql`select pg_database_size(current_database())::text as s`);
  return Number((r as unknown as { rows: { s: string }[] }).rows[0]?.s ?? 0);
}

export interface DatabaseOptions {
  /** Keep members' own reads in memory between changes (on unless told otherwise). */
  memberCache?: boolean;
}

/** Wraps an open PGlite instance (tests hand in a copy of a migrated template). */
export async function fromPglite(
  client: PGlite,
  onClose?: () => void,
  options: DatabaseOptions = {},
): Promise<Database> {
  const db = drizzlePglite(withOneTripQueries(client), { schema }) as unknown as Db;
  let memberCache: MemberCache | undefined;
  if (options.memberCache !== false) {
    memberCache = new MemberCache();
    await listenOnPglite(client, memberCache);
    attachMemberCache(db, memberCache);
  }
  return {
    db,
    kind: 'pglite',
    memberCache,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    size: () => databaseSize(db),
    close: async () => {
      await client.close();
      onClose?.();
    },
  };
}

export async function openPostgres(url: string, options: DatabaseOptions = {}): Promise<Database> {
  const memberCache = options.memberCache === false ? undefined : new MemberCache();
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    // pg-pool's hook (not in @types/pg): run on each new connection before it is handed out.
    ...(memberCache ? { onConnect: listenOnConnect(memberCache) } : {}),
  } as pg.PoolConfig);
  // An idle client whose connection drops (server restart, failover) is replaced by the pool; without
  // this listener node-postgres would raise it as an uncaught error and stop the process.
  pool.on('error', (err) => console.warn(`PostgreSQL connection lost (the pool reconnects): ${err.message}`));
  try {
    const c = await pool.connect();
    c.release();
  } catch (err) {
    await pool.end().catch(() => {});
    throw new DatabaseUnavailableError(`Cannot reach PostgreSQL at ${redact(url)}: ${(err as Error).message}`);
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  if (memberCache) attachMemberCache(db, memberCache);
  return {
    db,
    kind: 'postgres',
    memberCache,
    migrate: () => migrateLocked(pool, db),
    size: () => databaseSize(db),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** Any fixed number: the advisory lock every instance takes around its start-up migrations. */
const MIGRATION_LOCK = 0x48_44_4d_47; // "HDMG"

/**
 * Instances that start together (docker compose up, a rolling upgrade) take turns: drizzle's
 * migrator has no lock of its own, and two of them at once fail on the same CREATE statements.
 * The second finds nothing left to apply.
 */
async function migrateLocked(pool: pg.Pool, db: Db): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(db as never, { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Embedded PostgreSQL in DATA_DIR/db; one process at a time (see lock.ts). */
export async function openEmbedded(dataDir: string, options: DatabaseOptions = {}): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const release = acquireDataDirLock(dataDir);
  try {
    const client = await createPglite({ dataDir: join(dataDir, 'db') });
    return await fromPglite(client, release, options);
  } catch (err) {
    release();
    throw new DatabaseUnavailableError(`Cannot open the embedded database in ${dataDir}: ${(err as Error).message}`);
  }
}

export function openDatabase(cfg: { databaseUrl?: string; dataDir: string; memberCache?: boolean }): Promise<Database> {
  const options = { memberCache: cfg.memberCache };
  return cfg.databaseUrl ? openPostgres(cfg.databaseUrl, options) : openEmbedded(cfg.dataDir, options);
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
