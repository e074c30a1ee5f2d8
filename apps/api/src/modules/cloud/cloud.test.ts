import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { errorStatus } from '@hostdeck/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { backupFileBytes, localBackup, S3_SECRET_KEY, startS3Server, type TestS3 } from '../../../test/s3-server.ts';
import { memberWithPermissions } from '../../../test/users.ts';
import { auditLog, backups } from '../../db/schema/index.ts';
import { backupFilePath } from '../backups/backups.files.ts';
import { createS3Client, readCloudSettings } from './cloud.client.ts';

const BASE = '/api/admin/mythicalcloud';
let t: TestApp;
let s3: TestS3;
let admin: TestClient;
beforeAll(async () => {
  [t, s3] = await Promise.all([createTestApp(), startS3Server()]);
  admin = await memberWithPermissions(t.app, [
    'admin.mythicalcloud.view',
    'admin.mythicalcloud.upload',
    'admin.mythicalcloud.download',
    'admin.settings.view',
  ]);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});
beforeEach(async () => {
  await t.app.ctx.settings.update(s3.settings());
});

const backupCount = async () => (await t.app.ctx.db.select({ n: count() }).from(backups))[0]!.n;
const incomingLeft = () => {
  const dir = resolve(t.app.ctx.config.dataDir, 'cloud-incoming');
  return existsSync(dir) ? readdirSync(dir) : [];
};
/** A port nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}
/** Puts bytes into the bucket directly (as another instance or a person would). */
async function putObject(key: string, body: Buffer): Promise<void> {
  const client = await createS3Client(readCloudSettings(t.app.ctx.settings));
  await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }));
  client.destroy();
}

describe('cloud backups over S3', () => {
  it('upload marks the backup, and the listing shows the object with its size', async () => {
    const { row, bytes } = await localBackup(t.app);
    const up = await admin.post(`${BASE}/upload`, { backup_id: row.id });
    expect(up.statusCode, up.body).toBe(200);
    const key = `hostdeck/${row.fileName}`;
    expect(up.json().backup).toMatchObject({ id: row.id, cloud_key: key });
    expect(up.json().backup.cloud_uploaded_at).toEqual(expect.any(String));

    const list = (await admin.get(`${BASE}/objects`)).json();
    expect(list).toMatchObject({ success: true, bucket: s3.bucket, prefix: 'hostdeck/', truncated: false });
    expect(list.objects).toContainEqual(
      expect.objectContaining({ key, size: bytes.length, backup_id: row.id, last_modified: expect.any(String) }),
    );
    const overview = (await admin.get(BASE)).json();
    expect(overview.backups.find((b: { id: string }) => b.id === row.id)).toMatchObject({ cloud_key: key });
    const [entry] = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'backup.cloud_upload'));
    expect(entry).toMatchObject({ targetId: row.id, after: expect.objectContaining({ object: key }) });
  });

  it('download creates a new, verified local backup identical in bytes', async () => {
    const { row, bytes } = await localBackup(t.app, backupFileBytes(7));
    expect((await admin.post(`${BASE}/upload`, { backup_id: row.id })).statusCode).toBe(200);
    const before = await backupCount();
    const res = await admin.post(`${BASE}/download`, { key: `hostdeck/${row.fileName}` });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().backup;
    expect(made).toMatchObject({ kind: 'imported', size: bytes.length, cloud_key: `hostdeck/${row.fileName}` });
    expect(made.id).not.toBe(row.id);
    expect(await backupCount()).toBe(before + 1);
    expect(readFileSync(backupFilePath(t.app.ctx.config.dataDir, made.file_name)).equals(bytes)).toBe(true);
    expect(incomingLeft()).toEqual([]);
  });

  it('a large backup goes up in parts and comes back identical', async () => {
    const { row, bytes } = await localBackup(t.app, backupFileBytes(800, 8 * 1024));
    expect(bytes.length).toBeGreaterThan(6 * 1024 * 1024); // above the 5 MB part size: a multipart upload
    expect((await admin.post(`${BASE}/upload`, { backup_id: row.id })).statusCode).toBe(200);
    const key = `hostdeck/${row.fileName}`;
    const listed = (await admin.get(`${BASE}/objects`)).json().objects.find((o: { key: string }) => o.key === key);
    expect(listed.size).toBe(bytes.length);
    const res = await admin.post(`${BASE}/download`, { key });
    expect(res.statusCode, res.body).toBe(200);
    const copy = readFileSync(backupFilePath(t.app.ctx.config.dataDir, res.json().backup.file_name));
    expect(copy.equals(bytes)).toBe(true);
  });

  it('refuses a damaged object: no row, no file left behind', async () => {
    const good = backupFileBytes(4);
    const damaged = Buffer.from(good);
    damaged[damaged.length - 12]! ^= 0xff; // the gzip trailer no longer matches
    await putObject('hostdeck/damaged.jsonl.gz', damaged);
    await putObject('hostdeck/not-a-backup.txt', Buffer.from('hello'));
    const before = await backupCount();
    for (const key of ['hostdeck/damaged.jsonl.gz', 'hostdeck/not-a-backup.txt']) {
      const res = await admin.post(`${BASE}/download`, { key });
      expect(res.statusCode, res.body).toBe(errorStatus.BACKUP_DAMAGED);
      expect(res.json().error_code).toBe('BACKUP_DAMAGED');
    }
    expect(await backupCount()).toBe(before);
    expect(incomingLeft()).toEqual([]);
  });

  it('refuses keys outside the prefix and objects that do not exist', async () => {
    for (const key of ['elsewhere/x.jsonl.gz', 'hostdeck/../x', 'hostdeck/a/b.gz']) {
      const res = await admin.post(`${BASE}/download`, { key });
      expect(res.json().error_code, key).toBe('CLOUD_OBJECT_NOT_FOUND');
    }
    // Objects in subfolders of the prefix are not listed (a download would refuse them).
    await putObject('hostdeck/a/b.gz', backupFileBytes());
    const keys = (await admin.get(`${BASE}/objects`)).json().objects.map((o: { key: string }) => o.key);
    expect(keys).not.toContain('hostdeck/a/b.gz');
    const missing = await admin.post(`${BASE}/download`, { key: 'hostdeck/missing.jsonl.gz' });
    expect([missing.statusCode, missing.json().error_code]).toEqual([404, 'CLOUD_OBJECT_NOT_FOUND']);
    expect(incomingLeft()).toEqual([]);
  });

  it('tests the connection', async () => {
    const res = await admin.post(`${BASE}/test`);
    expect(res.json()).toEqual({ success: true, bucket: s3.bucket });
  });

  it('a wrong secret is an auth error and marks nothing', async () => {
    await t.app.ctx.settings.update({ cloud_secret_access_key: 'wrong-secret-4242' });
    const { row } = await localBackup(t.app);
    for (const res of [
      await admin.post(`${BASE}/test`),
      await admin.get(`${BASE}/objects`),
      await admin.post(`${BASE}/upload`, { backup_id: row.id }),
    ]) {
      expect([res.statusCode, res.json().error_code]).toEqual([502, 'CLOUD_AUTH_FAILED']);
      expect(res.body).not.toContain('wrong-secret-4242');
    }
    const [after] = await t.app.ctx.db.select().from(backups).where(eq(backups.id, row.id));
    expect(after).toMatchObject({ cloudKey: null, cloudUploadedAt: null });
  });

  it('a closed port is unreachable, and nothing changes', async () => {
    await t.app.ctx.settings.update({ cloud_endpoint: `http://127.0.0.1:${await closedPort()}` });
    const { row } = await localBackup(t.app);
    const before = await backupCount();
    for (const res of [
      await admin.post(`${BASE}/test`),
      await admin.post(`${BASE}/upload`, { backup_id: row.id }),
      await admin.post(`${BASE}/download`, { key: 'hostdeck/anything.jsonl.gz' }),
    ]) {
      expect([res.statusCode, res.json().error_code]).toEqual([502, 'CLOUD_UNREACHABLE']);
    }
    const [after] = await t.app.ctx.db.select().from(backups).where(eq(backups.id, row.id));
    expect(after!.cloudKey).toBeNull();
    expect(await backupCount()).toBe(before);
    expect(incomingLeft()).toEqual([]);
  });

  it('a missing bucket is named as such', async () => {
    await t.app.ctx.settings.update({ cloud_bucket: 'no-such-bucket' });
    for (const res of [await admin.post(`${BASE}/test`), await admin.get(`${BASE}/objects`)]) {
      expect([res.statusCode, res.json().error_code]).toEqual([502, 'CLOUD_BUCKET_NOT_FOUND']);
    }
  });

  it('without configuration it says so; an unfinished backup cannot be uploaded', async () => {
    await t.app.ctx.settings.update({ cloud_bucket: '' });
    const res = await admin.get(`${BASE}/objects`);
    expect([res.statusCode, res.json().error_code]).toEqual([409, 'CLOUD_NOT_CONFIGURED']);
    expect((await admin.get(BASE)).json().config).toMatchObject({ configured: false, secret_access_key_set: true });

    await t.app.ctx.settings.update(s3.settings());
    const [running] = await t.app.ctx.db.insert(backups).values({ fileName: 'hostdeck-running.jsonl.gz' }).returning();
    const up = await admin.post(`${BASE}/upload`, { backup_id: running!.id });
    expect([up.statusCode, up.json().error_code]).toEqual([409, 'BACKUP_NOT_READY']);
    const unknown = await admin.post(`${BASE}/upload`, { backup_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
  });

  it('never returns the secret key', async () => {
    const overview = await admin.get(BASE);
    expect(overview.json().config).toMatchObject({ configured: true, secret_access_key_set: true });
    const settings = await admin.get('/api/admin/settings');
    expect(settings.statusCode).toBe(200);
    for (const res of [overview, settings, await admin.get(`${BASE}/objects`), await admin.post(`${BASE}/test`)]) {
      expect(res.body).not.toContain(S3_SECRET_KEY);
    }
  });

  it('each action needs its own permission', async () => {
    const viewer = await memberWithPermissions(t.app, ['admin.mythicalcloud.view']);
    const { row } = await localBackup(t.app);
    expect((await viewer.get(`${BASE}/objects`)).statusCode).toBe(200);
    expect((await viewer.post(`${BASE}/upload`, { backup_id: row.id })).statusCode).toBe(403);
    expect((await viewer.post(`${BASE}/download`, { key: 'hostdeck/x.jsonl.gz' })).statusCode).toBe(403);
  });
});
