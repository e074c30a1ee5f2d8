import { randomBytes } from 'node:crypto';
import { chmod, copyFile, mkdir, rename, stat, unlink } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { Db } from '../../db/client.ts';
import { backups } from '../../db/schema/index.ts';
import { type BackupManifest, readBackupFile } from './backups.format.ts';

/** Backup files live here, one per `backups` row (its file_name). */
export function backupsDir(dataDir: string): string {
  return resolve(dataDir, 'backups');
}

/** hostdeck-<utc time>-<random>.jsonl.gz: made by the server only, never from anything a client sent. */
const FILE_NAME = /^hostdeck-\d{8}T\d{6}Z-[A-Za-z0-9_-]{8}\.jsonl\.gz$/;

export function isValidBackupFileName(fileName: string): boolean {
  return FILE_NAME.test(fileName);
}

export function newBackupFileName(now = new Date()): string {
  const time = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `hostdeck-${time}-${randomBytes(6).toString('base64url')}.jsonl.gz`;
}

/** The file of a backup row; throws for a name the server would not have made (no path ever leaves the folder). */
export function backupFilePath(dataDir: string, fileName: string): string {
  if (!isValidBackupFileName(fileName)) throw new Error(`Invalid backup file name: ${JSON.stringify(fileName)}`);
  const dir = backupsDir(dataDir);
  const path = resolve(dir, fileName);
  if (!path.startsWith(dir + sep)) throw new Error(`Invalid backup file name: ${JSON.stringify(fileName)}`);
  return path;
}

/** Checks a backup file (gzip, structure, counts, checksum) and returns its manifest; AppError BACKUP_DAMAGED / BACKUP_TOO_NEW. */
export function verifyBackupFile(path: string): Promise<BackupManifest> {
  return readBackupFile(path);
}

export interface ImportOptions {
  createdBy?: string | null;
  /** The object key it came from, when downloaded from cloud storage. */
  cloudKey?: string | null;
}

/**
 * The backups folder, readable by the panel's own user only (0700; files 0600): a backup holds every
 * member's e-mail, password hash and addresses.
 */
export async function ensureBackupsDir(dataDir: string): Promise<void> {
  await mkdir(backupsDir(dataDir), { recursive: true, mode: 0o700 });
  await chmod(backupsDir(dataDir), 0o700); // a folder made before this rule
}

/**
 * Registers a file obtained elsewhere (a cloud download) as a backup of kind 'imported'.
 * It is verified first; a damaged file throws AppError BACKUP_DAMAGED (or BACKUP_TOO_NEW for a newer
 * file format) and is left where it was, for the caller to delete. A good one is moved into the
 * backups folder under a new server-made name and its row (status completed) is returned.
 */
export async function importBackupFile(db: Db, dataDir: string, sourcePath: string, options: ImportOptions = {}) {
  const manifest = await verifyBackupFile(sourcePath);
  await ensureBackupsDir(dataDir);
  const fileName = newBackupFileName();
  const target = backupFilePath(dataDir, fileName);
  try {
    await rename(sourcePath, target);
  } catch (err) {
    // Another filesystem (a temp folder on its own mount): copy, then remove the source.
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await copyFile(sourcePath, target);
    await unlink(sourcePath);
  }
  await chmod(target, 0o600);
  try {
    const { size } = await stat(target);
    const [row] = await db
      .insert(backups)
      .values({
        fileName,
        status: 'completed',
        progress: 100,
        kind: 'imported',
        size,
        manifest: manifest as unknown as Record<string, unknown>,
        cloudKey: options.cloudKey ?? null,
        createdBy: options.createdBy ?? null,
        completedAt: new Date(),
      })
      .returning();
    return row!;
  } catch (err) {
    await unlink(target).catch(() => {});
    throw err;
  }
}

export type { BackupManifest } from './backups.format.ts';
