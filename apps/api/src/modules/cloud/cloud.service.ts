import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat, unlink } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ListObjectsV2CommandOutput } from '@aws-sdk/client-s3';
import type {
  CloudConfig,
  CloudLocalBackup,
  CloudObjectList,
  CloudOverview,
  CloudTestResult,
} from '@hostdeck/contracts';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { backups } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { backupFilePath, importBackupFile } from '../backups/backups.files.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  type CloudSettings,
  cloudError,
  createS3Client,
  isConfigured,
  loadSdk,
  QUICK_CALL_MS,
  readCloudSettings,
  TRANSFER_MS,
} from './cloud.client.ts';

type BackupRow = typeof backups.$inferSelect;

export function presentCloudBackup(row: BackupRow): CloudLocalBackup {
  return {
    id: row.id,
    file_name: row.fileName,
    kind: row.kind,
    size: row.size,
    created_at: row.createdAt.toISOString(),
    cloud_key: row.cloudKey,
    cloud_uploaded_at: row.cloudUploadedAt?.toISOString() ?? null,
  };
}

/** Only what a backup object can be named: the prefix, then a plain file name (no folders, no ..). */
const OBJECT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/**
 * Cloud backups: local backup files uploaded to an S3-compatible bucket and downloaded back as new,
 * verified local backups. Every S3 call has a time limit; nothing is marked or registered unless
 * the transfer completed.
 */
export class CloudService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly dataDir: string,
  ) {}

  private config(): CloudSettings {
    return readCloudSettings(this.settings);
  }

  async overview(): Promise<CloudOverview> {
    const s = this.config();
    const config: CloudConfig = {
      configured: isConfigured(s),
      endpoint: s.endpoint,
      region: s.region,
      bucket: s.bucket,
      prefix: s.prefix,
      path_style: s.pathStyle,
      access_key_id_set: s.accessKeyId !== '',
      secret_access_key_set: s.secretAccessKey !== '',
    };
    const rows = await this.db
      .select()
      .from(backups)
      .where(eq(backups.status, 'completed'))
      .orderBy(desc(backups.createdAt))
      .limit(500);
    return { success: true, config, backups: rows.map(presentCloudBackup) };
  }

  /** Connects, checks the bucket exists and the keys may list it. */
  async test(): Promise<CloudTestResult> {
    const s = this.config();
    const { s3 } = await loadSdk();
    const client = await createS3Client(s);
    try {
      await client.send(new s3.HeadBucketCommand({ Bucket: s.bucket }), {
        abortSignal: AbortSignal.timeout(QUICK_CALL_MS),
      });
      // The same listing the page makes: the keys may read the bucket, not only see that it exists.
      await client.send(new s3.ListObjectsV2Command({ Bucket: s.bucket, Prefix: s.prefix, MaxKeys: 1000 }), {
        abortSignal: AbortSignal.timeout(QUICK_CALL_MS),
      });
    } catch (err) {
      throw cloudError(err, s.bucket);
    } finally {
      client.destroy();
    }
    return { success: true, bucket: s.bucket };
  }

  /** The objects under the prefix (one listing, up to 1000), each with the local backup it came from. */
  async list(): Promise<CloudObjectList> {
    const s = this.config();
    const { s3 } = await loadSdk();
    const client = await createS3Client(s);
    let result: ListObjectsV2CommandOutput;
    try {
      // Delimiter: only the files directly in the prefix folder (what a download accepts), no subfolders.
      const list = new s3.ListObjectsV2Command({ Bucket: s.bucket, Prefix: s.prefix, Delimiter: '/', MaxKeys: 1000 });
      result = await client.send(list, {
        abortSignal: AbortSignal.timeout(QUICK_CALL_MS),
      });
    } catch (err) {
      throw cloudError(err, s.bucket);
    } finally {
      client.destroy();
    }
    const uploaded = await this.db
      .select({ id: backups.id, key: backups.cloudKey })
      .from(backups)
      .where(isNotNull(backups.cloudKey));
    const byKey = new Map(uploaded.map((r) => [r.key, r.id]));
    const objects = (result.Contents ?? [])
      .filter((o) => o.Key && !o.Key.endsWith('/'))
      .map((o) => ({
        key: o.Key!,
        size: o.Size ?? 0,
        last_modified: o.LastModified?.toISOString() ?? null,
        backup_id: byKey.get(o.Key!) ?? null,
      }))
      .sort((a, b) => (b.last_modified ?? '').localeCompare(a.last_modified ?? ''));
    return { success: true, bucket: s.bucket, prefix: s.prefix, objects, truncated: result.IsTruncated === true };
  }

  /** Uploads a completed local backup under <prefix><file name>; marks the row only once S3 holds all of it. */
  async upload(backupId: string, actorId: string): Promise<CloudLocalBackup> {
    const [row] = await this.db.select().from(backups).where(eq(backups.id, backupId));
    if (!row) throw new AppError('NOT_FOUND', 'Backup not found');
    if (row.status !== 'completed') throw new AppError('BACKUP_NOT_READY', 'Only a completed backup can be uploaded.');
    const path = backupFilePath(this.dataDir, row.fileName);
    const size = await stat(path).then(
      (st) => st.size,
      () => {
        throw new AppError('NOT_FOUND', 'The file of this backup is missing.');
      },
    );
    const s = this.config();
    const key = `${s.prefix}${row.fileName}`;
    const { s3, Upload } = await loadSdk();
    const client = await createS3Client(s);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), TRANSFER_MS);
    const body = createReadStream(path);
    try {
      // Multipart for large files; on failure lib-storage aborts the multipart upload (no parts left behind).
      const upload = new Upload({
        client,
        params: { Bucket: s.bucket, Key: key, Body: body, ContentType: 'application/gzip' },
        abortController: abort,
      });
      await upload.done();
      // A last check that the bucket holds the whole file before the row says so.
      const head = await client.send(new s3.HeadObjectCommand({ Bucket: s.bucket, Key: key }), {
        abortSignal: AbortSignal.timeout(QUICK_CALL_MS),
      });
      if (head.ContentLength !== size)
        throw new AppError('CLOUD_FAILED', `The bucket holds ${head.ContentLength} bytes of ${size}.`);
    } catch (err) {
      throw cloudError(err, s.bucket);
    } finally {
      clearTimeout(timer);
      body.destroy(); // a failed upload may stop reading half-way: close the file now
      client.destroy();
    }
    const updated = await this.db.transaction(async (tx) => {
      const [u] = await tx
        .update(backups)
        .set({ cloudKey: key, cloudUploadedAt: new Date() })
        .where(and(eq(backups.id, row.id), eq(backups.status, 'completed')))
        .returning();
      if (!u) throw new AppError('NOT_FOUND', 'Backup not found');
      await recordAudit(tx as unknown as Db, {
        actorId,
        action: 'backup.cloud_upload',
        targetType: 'backup',
        targetId: row.id,
        after: { file_name: row.fileName, object: key, bucket: s.bucket },
      });
      return u;
    });
    return presentCloudBackup(updated);
  }

  /** Downloads an object into a new local backup; it is verified before it is registered. */
  async download(key: string, actorId: string): Promise<CloudLocalBackup> {
    const s = this.config();
    const name = key.startsWith(s.prefix) ? key.slice(s.prefix.length) : '';
    if (!OBJECT_NAME.test(name) || name.includes('..'))
      throw new AppError('CLOUD_OBJECT_NOT_FOUND', 'That object is not a backup under the configured prefix.');
    const { s3 } = await loadSdk();
    const client = await createS3Client(s);
    const incoming = resolve(this.dataDir, 'cloud-incoming');
    await mkdir(incoming, { recursive: true });
    const temp = resolve(incoming, `${randomBytes(12).toString('hex')}.part`);
    try {
      const abort = AbortSignal.timeout(TRANSFER_MS);
      try {
        const object = await client.send(new s3.GetObjectCommand({ Bucket: s.bucket, Key: key }), {
          abortSignal: abort,
        });
        await pipeline(object.Body as Readable, createWriteStream(temp, { flags: 'wx' }), { signal: abort });
        const { size } = await stat(temp);
        if (object.ContentLength !== undefined && object.ContentLength !== size)
          throw new AppError('CLOUD_FAILED', `Received ${size} bytes of ${object.ContentLength}.`);
      } catch (err) {
        throw cloudError(err, s.bucket, 'object');
      } finally {
        client.destroy();
      }
      // Verifies (BACKUP_DAMAGED / BACKUP_TOO_NEW), moves the file in and inserts the row.
      const row = await importBackupFile(this.db, this.dataDir, temp, { createdBy: actorId, cloudKey: key });
      try {
        await recordAudit(this.db, {
          actorId,
          action: 'backup.cloud_download',
          targetType: 'backup',
          targetId: row.id,
          after: { file_name: row.fileName, object: key, bucket: s.bucket, size: row.size },
        });
      } catch (err) {
        // Without its audit entry the import is undone: no row, no file.
        await this.db.delete(backups).where(eq(backups.id, row.id));
        await unlink(backupFilePath(this.dataDir, row.fileName)).catch(() => {});
        throw err;
      }
      return presentCloudBackup(row);
    } finally {
      // A failed or refused download leaves nothing behind (after a success the file was moved away).
      await unlink(temp).catch(() => {});
    }
  }
}
