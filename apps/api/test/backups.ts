import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type Database, fromPglite } from '../src/db/client.ts';
import { createPglite } from '../src/db/pglite.ts';
import { ident, publicSequences, publicTables, type Query } from '../src/modules/backups/backups.catalog.ts';
import { onPostgres, postgresDatabase } from './app.ts';

/** A fresh, empty database of the suite's kind (on PostgreSQL a new database, dropped on close). */
export async function emptyDatabase(): Promise<Database & { url?: string }> {
  return onPostgres ? postgresDatabase() : await fromPglite(await createPglite());
}

/** Raw SQL on a database, outside any transaction. */
export function queryOf(database: Database): Query {
  const client = (
    database.db as unknown as { $client: { query: (t: string, p?: unknown[]) => Promise<{ rows: never[] }> } }
  ).$client;
  return async (text, params) => (await client.query(text, params)).rows;
}

/** Every table's rows (sorted JSON text), the sequences and the applied migrations. */
export async function contents(database: Database, skip: string[] = []): Promise<Record<string, unknown>> {
  const q = queryOf(database);
  const out: Record<string, unknown> = {};
  for (const t of await publicTables(q)) {
    if (skip.includes(t)) continue;
    const rows = await q<{ r: string }>(`select row_to_json(x)::text as r from public.${ident(t)} x`);
    out[t] = rows.map((r) => r.r).sort();
  }
  for (const s of await publicSequences(q))
    out[`sequence ${s}`] = await q(`select last_value::text as v, is_called from public.${ident(s)}`);
  out.migrations = await q('select hash, created_at::text as at from drizzle.__drizzle_migrations order by id');
  return out;
}

/** Writes a changed copy of a backup: its data lines and manifest edited, the checksum recomputed unless kept. */
export function rewriteBackup(
  from: string,
  to: string,
  edit: {
    lines?: (lines: string[]) => string[];
    manifest?: (m: Record<string, unknown>) => void;
    keepChecksum?: boolean;
  },
): void {
  const all = gunzipSync(readFileSync(from)).toString('utf8').trimEnd().split('\n');
  const lines = (edit.lines ?? ((l) => l))(all.slice(0, -1));
  const { manifest } = JSON.parse(all[all.length - 1]!) as { manifest: Record<string, unknown> };
  const body = lines.map((l) => `${l}\n`).join('');
  if (!edit.keepChecksum) manifest.sha256 = createHash('sha256').update(body).digest('hex');
  edit.manifest?.(manifest);
  writeFileSync(to, gzipSync(`${body}${JSON.stringify({ manifest })}\n`));
}
