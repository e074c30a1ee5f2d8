import { createReadStream, type ReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import type { Backup } from '@hostdeck/contracts';
import { and, asc, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.ts';
import { backups } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { backupFilePath, ensureBackupsDir, newBackupFileName } from './backups.files.ts';
import { writeBackup } from './backups.snapshot.ts';

/** Advisory lock key that serialises starting backups across instances ("hd:backup"). */
const START_LOCK = 0x68646263;
/** A running row older than this on PostgreSQL belongs to an instance that died mid-backup. */
const STALE_AFTER_MS = 6 * 3600_000;

type Row = typeof backups.$inferSelect;

export function toBackup(r: Row): Backup {
  return {
    id: r.id,
    file_name: r.fileName,
    status: r.status,
    progress: r.progress,
    kind: r.kind,
    size: r.size,
    manifest: (r.manifest as Backup['manifest']) ?? null,
    error: r.error,
    created_at: r.createdAt.toISOString(),
    completed_at: r.completedAt?.toISOString() ?? null,
  };
}

/** Creating (in the background), listing, downloading and deleting backups; one runs at a time. */
export class BackupsService {
  private readonly db: Db;
  private current?: Promise<void>;
  /** Called with each progress value written (tests watch it). */
  onProgress?: (id: string, percent: number) => void | Promise<void>;

  constructor(
    private readonly database: Database,
    private readonly dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.db = database.db;
  }

  async list(): Promise<Backup[]> {
    const rows = await this.db.select().from(backups).orderBy(desc(backups.createdAt), desc(backups.id));
    return rows.map(toBackup);
  }

  async get(id: string): Promise<Backup> {
    return toBackup(await this.row(id));
  }

  private async row(id: string): Promise<Row> {
    const [row] = await this.db.select().from(backups).where(eq(backups.id, id));
    if (!row) throw new AppError('NOT_FOUND', 'No such backup');
    return row;
  }

  /**
   * Starts a backup and returns its row (status running); the work goes on in the background.
   * `dueEveryHours` (scheduled backups): start only when the last scheduled one is that old, decided
   * under the same lock so two instances never both start one.
   */
  async create(actorId: string | null, kind: 'manual' | 'scheduled', dueEveryHours?: number): Promise<Backup | null> {
    const row = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK})`);
      await this.failInterrupted(tx);
      const [running] = await tx.select({ id: backups.id }).from(backups).where(eq(backups.status, 'running'));
      if (running) {
        if (dueEveryHours !== undefined) return null;
        throw new AppError('BACKUP_IN_PROGRESS', 'A backup is already being made; wait for it to finish');
      }
      if (dueEveryHours !== undefined) {
        const [last] = await tx
          .select({ at: backups.createdAt })
          .from(backups)
          .where(and(eq(backups.kind, 'scheduled'), sql`${backups.status} <> 'failed'`))
          .orderBy(desc(backups.createdAt))
          .limit(1);
        if (last && Date.now() - last.at.getTime() < dueEveryHours * 3600_000) return null;
      }
      const [created] = await tx
        .insert(backups)
        .values({ fileName: newBackupFileName(), kind, createdBy: actorId })
        .returning();
      await recordAudit(tx as unknown as Db, {
        actorId,
        action: 'backup.create',
        targetType: 'backup',
        targetId: created!.id,
        after: { file_name: created!.fileName, kind },
      });
      return created!;
    });
    if (!row) return null;
    const job = this.run(row);
    this.current = job;
    void job.finally(() => {
      if (this.current === job) this.current = undefined;
    });
    return toBackup(row);
  }

  /** Resolves once the backup being made by this instance (if any) has finished. */
  async whenIdle(): Promise<void> {
    while (this.current) await this.current;
  }

  /** Marks running rows no process is working on any more as failed. */
  private async failInterrupted(tx: Pick<Db, 'update'>): Promise<void> {
    let stale: SQL | undefined;
    if (this.database.kind === 'postgres') stale = lt(backups.createdAt, new Date(Date.now() - STALE_AFTER_MS));
    // The embedded database has one process: a running row it is not making was interrupted.
    else if (this.current) return;
    await tx
      .update(backups)
      .set({ status: 'failed', error: 'Interrupted (the server stopped while it was being made)' })
      .where(and(eq(backups.status, 'running'), stale));
  }

  private async run(row: Row): Promise<void> {
    const path = backupFilePath(this.dataDir, row.fileName);
    try {
      await ensureBackupsDir(this.dataDir);
      const { manifest, size } = await writeBackup(this.database, path, async (percent) => {
        await this.db
          .update(backups)
          .set({ progress: percent })
          .where(and(eq(backups.id, row.id), eq(backups.status, 'running')));
        await this.onProgress?.(row.id, percent);
      });
      await this.db
        .update(backups)
        .set({
          status: 'completed',
          progress: 100,
          size,
          manifest: manifest as unknown as Record<string, unknown>,
          completedAt: new Date(),
        })
        .where(eq(backups.id, row.id));
      this.onProgress?.(row.id, 100);
    } catch (err) {
      this.log.error({ err, backup: row.id }, 'backup failed');
      await unlink(path).catch(() => {});
      await this.db
        .update(backups)
        .set({ status: 'failed', error: (err as Error).message.slice(0, 1000), completedAt: new Date() })
        .where(eq(backups.id, row.id))
        .catch((e) => this.log.error({ err: e }, 'could not record the failed backup'));
    }
  }

  /** The file of a completed backup, to stream to an admin. */
  /**
   * The file of a completed backup, opened, and the download in the audit log: the file holds every
   * secret and password hash of the panel, so who took one must be on record.
   */
  async download(actorId: string, id: string): Promise<{ fileName: string; size: number; stream: ReadStream }> {
    const row = await this.row(id);
    if (row.status !== 'completed') throw new AppError('BACKUP_NOT_READY', 'This backup is not complete');
    const path = backupFilePath(this.dataDir, row.fileName);
    const stream = createReadStream(path);
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', () => reject(new AppError('NOT_FOUND', 'The backup file is missing')));
    });
    await recordAudit(this.db, {
      actorId,
      action: 'backup.download',
      targetType: 'backup',
      targetId: row.id,
      after: { file_name: row.fileName },
    }).catch((err: unknown) => {
      stream.destroy();
      throw err;
    });
    return { fileName: row.fileName, size: row.size ?? 0, stream };
  }

  /** Deletes the row (with its audit entry) and then its file; a running backup cannot be deleted. */
  async remove(actorId: string | null, id: string): Promise<void> {
    const row = await this.db.transaction(async (tx) => {
      const [r] = await tx
        .delete(backups)
        .where(and(eq(backups.id, id), sql`${backups.status} <> 'running'`))
        .returning();
      if (!r) {
        const [exists] = await tx.select({ id: backups.id }).from(backups).where(eq(backups.id, id));
        if (exists) throw new AppError('BACKUP_IN_PROGRESS', 'This backup is still being made');
        throw new AppError('NOT_FOUND', 'No such backup');
      }
      await recordAudit(tx as unknown as Db, {
        actorId,
        action: 'backup.delete',
        targetType: 'backup',
        targetId: r.id,
        before: { file_name: r.fileName, kind: r.kind, status: r.status },
      });
      return r;
    });
    await unlink(backupFilePath(this.dataDir, row.fileName)).catch(() => {});
  }

  /** Deletes the oldest completed scheduled backups beyond `keep`; returns how many went. */
  async prune(keep: number): Promise<number> {
    const old = await this.db
      .select({ id: backups.id })
      .from(backups)
      .where(and(eq(backups.kind, 'scheduled'), eq(backups.status, 'completed')))
      .orderBy(desc(backups.createdAt), asc(backups.id))
      .offset(keep);
    let removed = 0;
    for (const { id } of old) {
      // Another instance may prune the same row: whoever deletes it removes the file.
      await this.remove(null, id).then(
        () => removed++,
        (err) => {
          if (!(err instanceof AppError && err.code === 'NOT_FOUND')) throw err;
        },
      );
    }
    return removed;
  }
}
