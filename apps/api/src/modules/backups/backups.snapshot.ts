import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { APP_VERSION } from '@hostdeck/contracts';
import type { Database } from '../../db/client.ts';
import {
  foreignKeyOrder,
  foreignKeys,
  ident,
  inTransaction,
  migrationState,
  publicSequences,
  publicTables,
  type Query,
  TEXT_FORM_SETTINGS,
  tableColumns,
} from './backups.catalog.ts';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest, headerLine } from './backups.format.ts';

const PAGE = 1000;

/** Lines done out of the lines expected; the manifest line is not counted. */
export interface SnapshotCounter {
  done: number;
  total: number;
}

/**
 * The lines of a backup, read from the snapshot of the transaction the caller holds on `q`.
 * Tables come in foreign-key order so a restore can insert them as they come.
 */
async function* snapshotLines(q: Query, counter: SnapshotCounter): AsyncGenerator<string> {
  const hash = createHash('sha256');
  const emit = (line: string) => {
    hash.update(`${line}\n`);
    counter.done++;
    return `${line}\n`;
  };
  const tables = foreignKeyOrder(await publicTables(q), await foreignKeys(q));
  const sequenceNames = await publicSequences(q);
  const columns = new Map<string, string[]>();
  let rows = 0;
  for (const t of tables) {
    columns.set(t, await tableColumns(q, t));
    const [c] = await q<{ n: string }>(`select count(*)::text as n from public.${ident(t)}`);
    rows += Number(c?.n ?? 0);
  }
  counter.total = 1 + tables.length + rows + 1;
  const migration = await migrationState(q);

  yield emit(headerLine());
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const cols = columns.get(t)!;
    yield emit(JSON.stringify({ table: t, columns: cols }));
    counts[t] = 0;
    if (cols.length === 0) continue;
    // Each value in its text form, so JSON carries it exactly (bigint, numeric, timestamps, bytea, json).
    const select = `select array_to_json(array[${cols.map((c) => `${ident(c)}::text`).join(', ')}]::text[])::text as r from public.${ident(t)}`;
    await q(`declare backup_rows no scroll cursor for ${select}`);
    for (;;) {
      const page = await q<{ r: string }>(`fetch forward ${PAGE} from backup_rows`);
      for (const row of page) yield emit(row.r);
      counts[t] += page.length;
      if (page.length < PAGE) break;
    }
    await q('close backup_rows');
  }
  const sequences: [string, string, boolean][] = [];
  for (const s of sequenceNames) {
    const [v] = await q<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from public.${ident(s)}`,
    );
    if (v) sequences.push([s, v.last_value, v.is_called]);
  }
  yield emit(JSON.stringify({ sequences }));
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    format_version: BACKUP_FORMAT_VERSION,
    app_version: APP_VERSION,
    migration,
    created_at: new Date().toISOString(),
    tables: counts,
    sequences: sequences.length,
    sha256: hash.digest('hex'),
  };
  yield `${JSON.stringify({ manifest })}\n`;
}

async function writeGzip(lines: AsyncIterable<string> | Iterable<string>, path: string): Promise<number> {
  await pipeline(Readable.from(lines), createGzip(), createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  return (await stat(path)).size;
}

/** Reads the manifest back off the last line the generator produced. */
function manifestOf(last: string | undefined): BackupManifest {
  return (JSON.parse(last ?? '{}') as { manifest: BackupManifest }).manifest;
}

async function* tracked(
  lines: AsyncIterable<string> | Iterable<string>,
  onLine: () => Promise<void>,
  keep: { last?: string },
): AsyncGenerator<string> {
  for await (const line of lines) {
    keep.last = line;
    await onLine();
    yield line;
  }
}

/**
 * Writes a consistent backup of the whole database to `path` (gzip).
 * PostgreSQL: one REPEATABLE READ, READ ONLY transaction on a connection of its own, streamed to the
 * file while the pool serves the app. PGlite has one connection, so the snapshot is read into memory
 * inside one short transaction (database reads only) and written to the file after it ends; see
 * docs/decisions/0012-backups.md.
 */
export async function writeBackup(
  database: Database,
  path: string,
  onProgress: (percent: number) => Promise<void>,
): Promise<{ manifest: BackupManifest; size: number }> {
  const counter: SnapshotCounter = { done: 0, total: 0 };
  const keep: { last?: string } = {};
  let reported = -1;
  let written = 0;
  const report = async (done: number, total: number) => {
    const percent = total > 0 ? Math.min(99, Math.floor((done * 100) / total)) : 0;
    if (percent > reported) {
      reported = percent;
      await onProgress(percent);
    }
  };
  const begin = 'begin isolation level repeatable read read only';
  if (database.kind === 'postgres') {
    const size = await inTransaction(database, begin, async (q) => {
      for (const s of TEXT_FORM_SETTINGS) await q(s);
      return writeGzip(
        tracked(snapshotLines(q, counter), () => report(counter.done, counter.total), keep),
        path,
      );
    });
    return { manifest: manifestOf(keep.last), size };
  }
  const lines = await inTransaction(database, begin, async (q) => {
    for (const s of TEXT_FORM_SETTINGS) await q(s);
    const all: string[] = [];
    for await (const line of snapshotLines(q, counter)) all.push(line);
    return all;
  });
  // Reading is the first half of the work here; writing the file the second.
  await onProgress(50);
  reported = 50;
  const size = await writeGzip(
    tracked(lines, () => report(counter.total + ++written, counter.total * 2), keep),
    path,
  );
  return { manifest: manifestOf(keep.last), size };
}
