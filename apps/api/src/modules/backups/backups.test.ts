import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { memberWithPermissions } from '../../../test/users.ts';
import { auditLog, backups } from '../../db/schema/index.ts';
import {
  backupFilePath,
  backupsDir,
  importBackupFile,
  isValidBackupFileName,
  newBackupFileName,
} from './backups.files.ts';

let t: TestApp;
let admin: TestClient;
/** Downloads need admin.root (a backup holds every secret). */
let root: TestClient;
const dataDir = () => t.app.ctx.config.dataDir;
beforeAll(async () => {
  t = await createTestApp();
  admin = await memberWithPermissions(t.app, ['admin.backups.list', 'admin.backups.create', 'admin.backups.delete']);
  root = await memberWithPermissions(t.app, ['admin.root']);
}, 60_000);
afterAll(() => t.close());

/** Holds the backup being made at its first progress report above 0, until released. */
function holdAtProgress() {
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let reached!: (percent: number) => void;
  const paused = new Promise<number>((r) => {
    reached = r;
  });
  t.app.ctx.backups.onProgress = async (_id, percent) => {
    if (percent > 0 && percent < 100) {
      t.app.ctx.backups.onProgress = undefined;
      reached(percent);
      await gate;
    }
  };
  return { paused, release };
}

describe('admin backups API', () => {
  it('creates a backup in the background (202), shows its progress, makes one at a time', async () => {
    const hold = holdAtProgress();
    const started = await admin.post('/api/admin/backups');
    expect(started.statusCode).toBe(202);
    const { backup } = started.json();
    expect(backup).toMatchObject({ status: 'running', kind: 'manual', size: null });
    expect(isValidBackupFileName(backup.file_name)).toBe(true);

    const percent = await hold.paused;
    const during = (await admin.get(`/api/admin/backups/${backup.id}`)).json().backup;
    expect(during).toMatchObject({ status: 'running', progress: percent });
    expect(percent).toBeGreaterThan(0);
    const second = await admin.post('/api/admin/backups');
    expect(second.statusCode).toBe(409);
    expect(second.json().error_code).toBe('BACKUP_IN_PROGRESS');
    expect((await root.get(`/api/admin/backups/${backup.id}/download`)).json().error_code).toBe('BACKUP_NOT_READY');
    expect((await admin.delete(`/api/admin/backups/${backup.id}`)).json().error_code).toBe('BACKUP_IN_PROGRESS');

    hold.release();
    await t.app.ctx.backups.whenIdle();
    const list = (await admin.get('/api/admin/backups')).json().backups;
    const done = list.find((b: { id: string }) => b.id === backup.id);
    expect(done).toMatchObject({ status: 'completed', progress: 100, error: null });
    expect(done.size).toBeGreaterThan(100);
    expect(done.manifest.tables.users).toBe(2); // the two staff accounts of this suite
    expect(done.manifest.migration.count).toBeGreaterThan(10);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, backup.id));
    expect(audit).toMatchObject({ action: 'backup.create', targetType: 'backup' });
    // Every member's e-mail and password hash is in there: the panel's own user reads it, nobody else.
    expect((await stat(backupFilePath(dataDir(), backup.file_name))).mode & 0o777).toBe(0o600);
    expect((await stat(backupsDir(dataDir()))).mode & 0o777).toBe(0o700);
  });

  it('downloads the exact file as a gzip attachment (admin.root only, on record), then deletes file and row', async () => {
    await t.app.ctx.backups.whenIdle();
    const { backup } = (await admin.post('/api/admin/backups')).json();
    await t.app.ctx.backups.whenIdle();
    // The file holds every secret and password hash: the backup permissions alone do not open it.
    const refused = await admin.get(`/api/admin/backups/${backup.id}/download`);
    expect([refused.statusCode, refused.json().error_code]).toEqual([403, 'FORBIDDEN']);
    const res = await root.get(`/api/admin/backups/${backup.id}/download`);
    expect(res.statusCode).toBe(200);
    const taken = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, backup.id));
    expect(taken.filter((a) => a.action === 'backup.download')).toHaveLength(1);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${backup.file_name}"`);
    const path = backupFilePath(dataDir(), backup.file_name);
    expect(res.rawPayload.equals(readFileSync(path))).toBe(true);
    const lines = gunzipSync(res.rawPayload).toString('utf8').trimEnd().split('\n');
    expect(JSON.parse(lines[0]!)).toEqual({ format: 'hostdeck-backup', format_version: 1 });
    expect(JSON.parse(lines.at(-1)!).manifest.sha256).toMatch(/^[0-9a-f]{64}$/);

    expect((await admin.delete(`/api/admin/backups/${backup.id}`)).json()).toEqual({ success: true });
    expect(existsSync(path)).toBe(false);
    expect((await admin.get(`/api/admin/backups/${backup.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/admin/backups/${backup.id}`)).statusCode).toBe(404);
  });

  it('is refused without the permissions', async () => {
    const member = await memberWithPermissions(t.app, ['admin.backups.list']);
    expect((await member.get('/api/admin/backups')).statusCode).toBe(200);
    expect((await member.post('/api/admin/backups')).statusCode).toBe(403);
    const nobody = await memberWithPermissions(t.app, []);
    expect((await nobody.get('/api/admin/backups')).statusCode).toBe(403);
  });

  it('marks a failed backup failed and removes its partial file', async () => {
    await t.app.ctx.backups.whenIdle();
    t.app.ctx.backups.onProgress = (_id, percent) => {
      if (percent > 0 && percent < 100) throw new Error('disk full');
    };
    const { backup } = (await admin.post('/api/admin/backups')).json();
    await t.app.ctx.backups.whenIdle();
    t.app.ctx.backups.onProgress = undefined;
    expect((await admin.get(`/api/admin/backups/${backup.id}`)).json().backup).toMatchObject({
      status: 'failed',
      error: 'disk full',
    });
    expect(existsSync(backupFilePath(dataDir(), backup.file_name))).toBe(false);
  });
});

describe('a backup interrupted by a stopped server', () => {
  it('is marked failed when the next one starts, instead of blocking it', async () => {
    await t.app.ctx.backups.whenIdle();
    const [left] = await t.database.db
      .insert(backups)
      .values({ fileName: newBackupFileName(), createdAt: new Date(Date.now() - 7 * 3600_000) })
      .returning();
    const started = await admin.post('/api/admin/backups');
    expect(started.statusCode).toBe(202);
    await t.app.ctx.backups.whenIdle();
    expect((await admin.get(`/api/admin/backups/${left!.id}`)).json().backup).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/Interrupted/),
    });
  });
});

describe('scheduled backups', () => {
  it('start when due, once, and keep only the newest completed ones', async () => {
    await t.app.ctx.backups.whenIdle();
    await t.app.ctx.settings.update({ backup_schedule_hours: 0 });
    expect(await t.app.ctx.backupSchedule.tick()).toBeNull();
    await t.app.ctx.settings.update({ backup_schedule_hours: 6, backup_retention_count: 2 });
    const first = await t.app.ctx.backupSchedule.tick();
    expect(first).not.toBeNull();
    // Not due again within 6 hours.
    expect(await t.app.ctx.backupSchedule.tick()).toBeNull();
    // Two older scheduled backups (as if made on earlier days): the oldest goes beyond retention.
    const files: string[] = [];
    for (const daysAgo of [2, 1]) {
      const fileName = newBackupFileName(new Date(Date.now() - daysAgo * 86_400_000));
      mkdirSync(backupsDir(dataDir()), { recursive: true });
      writeFileSync(backupFilePath(dataDir(), fileName), 'x');
      files.push(fileName);
      await t.database.db.insert(backups).values({
        fileName,
        kind: 'scheduled',
        status: 'completed',
        progress: 100,
        createdAt: new Date(Date.now() - daysAgo * 86_400_000),
      });
    }
    await t.app.ctx.backupSchedule.tick();
    const left = await t.database.db.select().from(backups).where(eq(backups.kind, 'scheduled'));
    expect(left.map((b) => b.id).sort()).toEqual([first, left.find((b) => b.fileName === files[1])?.id].sort());
    expect(existsSync(backupFilePath(dataDir(), files[0]!))).toBe(false);
    expect(existsSync(backupFilePath(dataDir(), files[1]!))).toBe(true);
    await t.app.ctx.settings.update({ backup_schedule_hours: 0 });
  });
});

describe('importBackupFile', () => {
  it('registers a good file as an imported backup and refuses a damaged one', async () => {
    await t.app.ctx.backups.whenIdle();
    const made = await t.app.ctx.backups.create(null, 'manual');
    await t.app.ctx.backups.whenIdle();
    const source = `${dataDir()}/download.tmp`;
    writeFileSync(source, readFileSync(backupFilePath(dataDir(), made!.file_name)));
    const row = await importBackupFile(t.database.db, dataDir(), source, { cloudKey: 'hostdeck/a.jsonl.gz' });
    expect(row).toMatchObject({ kind: 'imported', status: 'completed', cloudKey: 'hostdeck/a.jsonl.gz' });
    expect(existsSync(source)).toBe(false);
    expect(existsSync(backupFilePath(dataDir(), row.fileName))).toBe(true);

    writeFileSync(source, 'not a backup');
    await expect(importBackupFile(t.database.db, dataDir(), source)).rejects.toMatchObject({ code: 'BACKUP_DAMAGED' });
    expect(existsSync(source)).toBe(true);
  });
});
