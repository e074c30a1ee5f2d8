import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { AppError } from '../../lib/app-error.ts';

/**
 * The backup file: gzip of JSON lines.
 *   {"format":"hostdeck-backup","format_version":1}         header
 *   {"table":"users","columns":["id","email",...]}          then one line per row:
 *   ["3f2c…","a@b.c",null,...]                               every value as PostgreSQL's text form (or null)
 *   {"sequences":[["public.x_id_seq","12",true],...]}       sequence states
 *   {"manifest":{...}}                                       last line; sha256 covers every byte before it
 * Values are text so nothing is lost on the way through JSON (bigint, numeric, timestamps, bytea).
 */
export const BACKUP_FORMAT = 'hostdeck-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupMigration {
  /** How many migrations were applied. */
  count: number;
  /** Hash and folder time of the last one (drizzle's __drizzle_migrations row). */
  hash: string;
  created_at: number;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  format_version: number;
  app_version: string;
  migration: BackupMigration | null;
  created_at: string;
  /** Rows per table of the public schema. */
  tables: Record<string, number>;
  sequences: number;
  /** SHA-256 (hex) of the uncompressed bytes before the manifest line. */
  sha256: string;
}

export type SequenceState = [name: string, lastValue: string, isCalled: boolean];

export type BackupRecord =
  | { kind: 'table'; name: string; columns: string[] }
  | { kind: 'row'; table: string; values: (string | null)[] }
  | { kind: 'sequences'; list: SequenceState[] };

export function headerLine(): string {
  return JSON.stringify({ format: BACKUP_FORMAT, format_version: BACKUP_FORMAT_VERSION });
}

function damaged(reason: string): AppError {
  return new AppError('BACKUP_DAMAGED', `The backup file is damaged or not a Hostdeck backup: ${reason}`);
}

function parseLine(line: string, at: number): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw damaged(`line ${at} is not valid JSON`);
  }
}

/**
 * Reads a backup file through, checking gzip, structure, row counts and the checksum, and hands each
 * record to onRecord on the way (the caller must treat them as unverified until this resolves).
 * Throws AppError BACKUP_DAMAGED or BACKUP_TOO_NEW; resolves with the manifest.
 */
export async function readBackupFile(
  path: string,
  onRecord?: (record: BackupRecord) => Promise<void> | void,
): Promise<BackupManifest> {
  const hash = createHash('sha256');
  const counts: Record<string, number> = {};
  let manifest: BackupManifest | null = null;
  let table: { name: string; width: number } | null = null;
  let sequences = 0;
  let lineNo = 0;
  let rest = '';
  let failure: unknown;
  // Decodes across chunk borders: a character split between two chunks stays whole.
  const decoder = new StringDecoder('utf8');

  const handle = async (line: string): Promise<void> => {
    lineNo++;
    if (manifest) throw damaged('data after the manifest');
    const value = parseLine(line, lineNo);
    if (lineNo === 1) {
      const head = value as { format?: unknown; format_version?: unknown };
      if (head?.format !== BACKUP_FORMAT) throw damaged('no Hostdeck backup header');
      if (typeof head.format_version !== 'number' || head.format_version > BACKUP_FORMAT_VERSION)
        throw new AppError(
          'BACKUP_TOO_NEW',
          `The backup uses file format ${String(head.format_version)}; this version of Hostdeck reads up to ${BACKUP_FORMAT_VERSION}. Update Hostdeck first.`,
        );
    } else if (Array.isArray(value)) {
      if (!table) throw damaged(`row before any table at line ${lineNo}`);
      if (value.length !== table.width || value.some((v) => v !== null && typeof v !== 'string'))
        throw damaged(`malformed row at line ${lineNo}`);
      counts[table.name] = (counts[table.name] ?? 0) + 1;
      await onRecord?.({ kind: 'row', table: table.name, values: value as (string | null)[] });
    } else if (value && typeof value === 'object' && 'table' in value) {
      const t = value as { table: unknown; columns: unknown };
      if (typeof t.table !== 'string' || !Array.isArray(t.columns) || t.table in counts)
        throw damaged(`malformed table at line ${lineNo}`);
      table = { name: t.table, width: t.columns.length };
      counts[t.table] = 0;
      await onRecord?.({ kind: 'table', name: t.table, columns: t.columns as string[] });
    } else if (value && typeof value === 'object' && 'sequences' in value) {
      const list = (value as { sequences: unknown }).sequences;
      if (!Array.isArray(list)) throw damaged(`malformed sequences at line ${lineNo}`);
      sequences += list.length;
      await onRecord?.({ kind: 'sequences', list: list as SequenceState[] });
    } else if (value && typeof value === 'object' && 'manifest' in value) {
      manifest = (value as { manifest: BackupManifest }).manifest;
      return;
    } else throw damaged(`unknown record at line ${lineNo}`);
    hash.update(`${line}\n`);
  };

  try {
    await pipeline(createReadStream(path), createGunzip(), async (source: AsyncIterable<Buffer>) => {
      try {
        for await (const chunk of source) {
          const lines = (rest + decoder.write(chunk)).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) await handle(line);
        }
      } catch (err) {
        // pipeline reports its own abort rather than what stopped the consumer: keep the real cause.
        failure = err;
        throw err;
      }
    });
  } catch (err) {
    if (failure instanceof AppError) throw failure;
    if (err instanceof AppError) throw err;
    const cause = (failure ?? err) as NodeJS.ErrnoException;
    if (cause.code === 'ENOENT') throw damaged('the file does not exist');
    throw damaged(cause.message);
  }
  // The writer ends every line with a newline, the manifest's too.
  if (rest !== '') throw damaged('the file does not end with a complete line');
  if (!manifest) throw damaged('the manifest is missing (the file is incomplete)');
  const m = manifest as BackupManifest;
  if (m.format !== BACKUP_FORMAT || typeof m.tables !== 'object' || !m.tables) throw damaged('malformed manifest');
  if (m.sha256 !== hash.digest('hex')) throw damaged('the checksum does not match');
  const names = new Set([...Object.keys(m.tables), ...Object.keys(counts)]);
  for (const name of names)
    if (m.tables[name] !== counts[name]) throw damaged(`the row count of ${name} does not match the manifest`);
  if (m.sequences !== sequences) throw damaged('the sequence count does not match the manifest');
  return m;
}
