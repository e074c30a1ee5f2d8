import { APP_VERSION } from '@hostdeck/contracts';
import { type MigrationMeta, readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from '../../db/client.ts';
import { MEMBER_CHANNEL } from '../../db/member-cache.ts';
import { AppError } from '../../lib/app-error.ts';
import { migrationsFolder } from '../../lib/paths.ts';
import {
  type ForeignKey,
  foreignKeys,
  ident,
  inTransaction,
  publicTables,
  type Query,
  TEXT_FORM_SETTINGS,
} from './backups.catalog.ts';
import { type BackupManifest, readBackupFile } from './backups.format.ts';

/** The target database is not empty: a restore never mixes its rows with others. */
export class RestoreTargetNotEmptyError extends Error {}

const BATCH = 500;

/** 1.2.10 > 1.2.9; pre-release and build tags are ignored. */
function newerVersion(a: string, b: string): boolean {
  const pa = a.split(/[-+]/)[0]!.split('.').map(Number);
  const pb = b.split(/[-+]/)[0]!.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x !== y) return x > y;
  }
  return false;
}

/** The migrations to run before inserting the rows: this code's, up to the backup's level. */
export function migrationsFor(
  manifest: BackupManifest,
  journal: MigrationMeta[] = readMigrationFiles({ migrationsFolder }),
): MigrationMeta[] {
  if (newerVersion(manifest.app_version, APP_VERSION))
    throw new AppError(
      'BACKUP_TOO_NEW',
      `The backup was made by Hostdeck ${manifest.app_version}; this is ${APP_VERSION}. Restore it with Hostdeck ${manifest.app_version} or later.`,
    );
  const m = manifest.migration;
  if (!m) return [];
  const at = journal.findIndex((j) => j.folderMillis === m.created_at && j.hash === m.hash);
  if (at >= 0) return journal.slice(0, at + 1);
  const last = journal[journal.length - 1];
  if (!last || m.created_at > last.folderMillis)
    throw new AppError(
      'BACKUP_TOO_NEW',
      `The backup's database schema (migration ${m.count}) is newer than this version of Hostdeck knows (${journal.length} migrations). Update Hostdeck first.`,
    );
  throw new AppError(
    'BACKUP_DAMAGED',
    `The backup's schema migration (${m.count}, ${m.hash}) is not one of this version's.`,
  );
}

/** Stored columns of a table and their SQL types (as a cast target). */
async function columnTypes(q: Query, table: string): Promise<Map<string, string>> {
  const rows = await q<{ name: string; type: string }>(
    `select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
    [`public.${ident(table)}`],
  );
  return new Map(rows.map((r) => [r.name, r.type]));
}

async function assertEmpty(q: Query): Promise<void> {
  const tables = await publicTables(q);
  const [migrations] = await q<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (tables.length > 0 || migrations?.t)
    throw new RestoreTargetNotEmptyError(
      `The target database is not empty (${tables.length} tables${migrations?.t ? ', migrations applied' : ''}). ` +
        'A backup restores into an empty database only: point DATABASE_URL at a new database, or DATA_DIR at an empty folder.',
    );
}

/** Rows of a table that references itself, ordered so each row comes after the row it points at. */
export function parentsFirst(
  rows: (string | null)[][],
  columns: string[],
  selfKeys: ForeignKey[],
): (string | null)[][] {
  const index = (names: string[]) => names.map((n) => columns.indexOf(n));
  const keyed = selfKeys.map((k) => ({ own: index(k.parentColumns), ref: index(k.columns) }));
  const byKey = keyed.map(({ own }) => new Map(rows.map((r, i) => [JSON.stringify(own.map((c) => r[c])), i])));
  const state = new Uint8Array(rows.length);
  const out: (string | null)[][] = [];
  const visit = (i: number) => {
    if (state[i]) return;
    state[i] = 1;
    keyed.forEach(({ ref }, k) => {
      const values = ref.map((c) => rows[i]![c]);
      if (values.some((v) => v === null)) return;
      const parent = byKey[k]!.get(JSON.stringify(values));
      if (parent !== undefined) visit(parent);
    });
    out.push(rows[i]!);
  };
  for (let i = 0; i < rows.length; i++) visit(i);
  return out;
}

export interface RestoreResult {
  manifest: BackupManifest;
  tables: number;
  rows: number;
  migrations: number;
}

/**
 * Restores a backup file into an empty database, in one transaction: verify the file, run this
 * code's migrations up to the backup's level, insert the rows in foreign-key order, set the sequences.
 * Any failure rolls everything back, so the database stays empty.
 */
export async function restoreBackup(database: Database, file: string): Promise<RestoreResult> {
  const manifest = await readBackupFile(file);
  const migrations = migrationsFor(manifest);
  return inTransaction(database, 'begin', async (q) => {
    await assertEmpty(q);
    // Not a notification per restored member (migration 0024): one for everyone at the end.
    await q(`select set_config('hostdeck.quiet_member_changes', 'on', true)`);
    await q('create schema if not exists "drizzle"');
    await q(
      'create table if not exists "drizzle"."__drizzle_migrations" (id serial primary key, hash text not null, created_at bigint)',
    );
    for (const m of migrations) {
      for (const statement of m.sql) if (statement.trim()) await q(statement);
      await q('insert into "drizzle"."__drizzle_migrations" ("hash", "created_at") values ($1, $2)', [
        m.hash,
        m.folderMillis,
      ]);
    }
    for (const s of TEXT_FORM_SETTINGS) await q(s);

    const known = new Set(await publicTables(q));
    const keys = await foreignKeys(q);
    const inFile = new Set(Object.keys(manifest.tables));
    const done = new Set<string>();
    const parentsDone = (t: string) =>
      keys.every((k) => k.table !== t || k.parent === t || done.has(k.parent) || !inFile.has(k.parent));
    const selfKeys = (t: string) => keys.filter((k) => k.table === t && k.parent === t);

    let rows = 0;
    const types = new Map<string, Map<string, string>>();
    const insert = async (table: string, columns: string[], batch: (string | null)[][]) => {
      if (batch.length === 0) return;
      const type = types.get(table)!;
      // Each value goes through its column type's own input function, from the text form the backup wrote.
      const values = columns.map((c, i) => `(r->>${i})::${type.get(c)}`).join(', ');
      await q(
        `insert into public.${ident(table)} (${columns.map(ident).join(', ')}) select ${values} from json_array_elements($1::text::json) r`,
        [JSON.stringify(batch)],
      );
      rows += batch.length;
    };
    type Pending = { name: string; columns: string[]; direct: boolean; rows: (string | null)[][] };
    const waiting: Pending[] = [];
    let current: Pending | null = null;
    const complete = async (t: Pending) => {
      if (t.direct) await insert(t.name, t.columns, t.rows);
      else waiting.push(t);
      if (t.direct) done.add(t.name);
      // Tables held back for their parents (or for ordering their own rows) go in once they can.
      for (let progress = true; progress; ) {
        progress = false;
        for (const w of [...waiting]) {
          if (!parentsDone(w.name)) continue;
          const ordered = parentsFirst(w.rows, w.columns, selfKeys(w.name));
          for (let i = 0; i < ordered.length; i += BATCH) await insert(w.name, w.columns, ordered.slice(i, i + BATCH));
          waiting.splice(waiting.indexOf(w), 1);
          done.add(w.name);
          progress = true;
        }
      }
    };

    await readBackupFile(file, async (record) => {
      if (record.kind === 'table') {
        if (current) await complete(current);
        if (!known.has(record.name))
          throw new AppError('BACKUP_DAMAGED', `The backup has a table this schema lacks: ${record.name}`);
        const have = await columnTypes(q, record.name);
        types.set(record.name, have);
        const missing = record.columns.filter((c) => !have.has(c));
        if (missing.length)
          throw new AppError(
            'BACKUP_DAMAGED',
            `The backup's table ${record.name} has unknown columns: ${missing.join(', ')}`,
          );
        const direct = parentsDone(record.name) && selfKeys(record.name).length === 0;
        current = { name: record.name, columns: record.columns, direct, rows: [] };
      } else if (record.kind === 'row') {
        const t = current!;
        t.rows.push(record.values);
        if (t.direct && t.rows.length >= BATCH) {
          await insert(t.name, t.columns, t.rows);
          t.rows = [];
        }
      } else {
        if (current) await complete(current);
        current = null;
        for (const [name, value, called] of record.list)
          await q('select setval($1::regclass, $2::bigint, $3::boolean)', [`public.${ident(name)}`, value, called]);
      }
    });
    if (current) await complete(current);
    if (waiting.length)
      throw new Error(`Foreign keys between ${waiting.map((w) => w.name).join(', ')} form a cycle; cannot order them`);
    // The member counters kept by triggers (migration 0015) came with the rows and were moved again by
    // the triggers as servers and referred members went in: count them afresh.
    const [recount] = await q<{ f: string | null }>(
      `select to_regprocedure('public.hostdeck_recount_member_counters()')::text as f`,
    );
    if (recount?.f) await q('select hostdeck_recount_member_counters()');
    // The same for locations.server_count (migration 0016).
    const [locations] = await q<{ f: string | null }>(
      `select to_regprocedure('public.hostdeck_recount_location_servers()')::text as f`,
    );
    if (locations?.f) await q('select hostdeck_recount_location_servers()');
    // The plugin triggers (migration 0021) saw every restored row as new: those are not events.
    const [outbox] = await q<{ t: string | null }>(`select to_regclass('public.plugin_outbox')::text as t`);
    if (outbox?.t) await q('delete from plugin_outbox');
    await q('select pg_notify($1, $2)', [MEMBER_CHANNEL, '*']);
    return { manifest, tables: inFile.size, rows, migrations: migrations.length };
  });
}
