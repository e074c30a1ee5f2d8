import { readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { contents, emptyDatabase, queryOf, rewriteBackup } from '../../../test/backups.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { makeCatalogue } from '../../../test/servers.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import type { Database } from '../../db/client.ts';
import { pluginSubscriptions, redeemCodes, referrals, servers, settings, users } from '../../db/schema/index.ts';
import type { AppError } from '../../lib/app-error.ts';
import { publicTables } from './backups.catalog.ts';
import { backupFilePath } from './backups.files.ts';
import { parentsFirst, RestoreTargetNotEmptyError, restoreBackup } from './backups.restore.ts';

let t: TestApp;
let file: string;
let referrer: string;
const scratch = (name: string) => join(tmpdir(), `hostdeck-restore-${process.pid}-${name}.jsonl.gz`);

beforeAll(async () => {
  t = await createTestApp();
  // Data of many kinds: members with a ledger, a role, audit entries, awkward text and JSON values.
  const admin = await memberWithPermissions(t.app, ['admin.root'], 8);
  await signedUpMember(t.app, 125);
  await admin.post('/api/admin/redeem-codes', { code: 'RESTORE-ME', coins: 7, max_uses: 3 });
  // A referral and a server: the counters their triggers keep (migration 0015) must come back as they
  // were, not counted a second time as the rows go in.
  referrer = (await signedUpMember(t.app)).id;
  const [own] = await t.database.db.select({ code: users.referralCode }).from(users).where(eq(users.id, referrer));
  await new TestClient(t.app).post('/api/user/auth/register', { ...newMember(), ref: own!.code });
  // The referrals leaderboard counts paid referrals (migration 0025).
  await t.database.db.update(referrals).set({ status: 'paid' }).where(eq(referrals.referrerId, referrer));
  const { locationId, eggId } = await makeCatalogue(admin);
  await t.database.db.insert(servers).values({
    ownerId: referrer,
    name: 'Kept',
    locationId,
    eggId,
    ...{ memory: 512, cpu: 50, disk: 1024, ports: 1, databases: 0, backups: 0 },
  });
  await t.app.ctx.settings.update({
    app_name: 'Ünïcode "quotes" \\ backslash',
    privacy_policy: '# Awkward\nand a newline \\ backslash',
    backup_retention_count: 3,
  });
  // A plugin listening to sign-ups when the backup was made: restoring the members must not replay
  // their sign-ups to it (the plugin triggers of migration 0021 fire as the rows go in).
  await t.database.db.insert(pluginSubscriptions).values({ plugin: 'listener', event: 'member.registered' });
  const backup = await t.app.ctx.backups.create(null, 'manual');
  await t.app.ctx.backups.whenIdle();
  const done = await t.app.ctx.backups.get(backup!.id);
  expect(done).toMatchObject({ status: 'completed', progress: 100 });
  file = backupFilePath(t.app.ctx.config.dataDir, done.file_name);
}, 60_000);
afterAll(async () => {
  await t.close();
  for (const name of ['cut', 'flip', 'edit', 'new', 'order']) rmSync(scratch(name), { force: true });
});

async function withEmpty<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const target = await emptyDatabase();
  try {
    return await fn(target);
  } finally {
    await target.close();
  }
}

/** One empty target for every refusal: each must leave it empty. */
let empty: Database;
beforeAll(async () => {
  empty = await emptyDatabase();
}, 60_000);
afterAll(() => empty.close());

async function refused(path: string, code: string, message: RegExp) {
  const err = (await restoreBackup(empty, path).catch((e) => e)) as AppError;
  expect(`${err.code} ${err.message}`).toMatch(`${code} `);
  expect(err.message).toMatch(message);
  expect(await publicTables(queryOf(empty))).toEqual([]);
}

describe('backup then restore', () => {
  it('restores every table, sequence and migration of the snapshot into an empty database', async () => {
    await withEmpty(async (target) => {
      // The member cache hears one "everyone" at the end, not a notification per restored member.
      const heard: string[] = [];
      const cache = target.memberCache!;
      const changed = cache.changed.bind(cache);
      cache.changed = (id) => {
        heard.push(id);
        changed(id);
      };
      const result = await restoreBackup(target, file);
      expect(result.rows).toBeGreaterThan(10);
      expect(new Set(heard)).toEqual(new Set(['*']));
      // The backups row changed after the snapshot (progress, completed): compared on its own below.
      const skip = ['backups'];
      expect(await contents(target, skip)).toEqual(await contents(t.database, skip));
      const kept = await target.db.select({ k: settings.key, v: settings.value }).from(settings);
      expect(kept).toEqual(
        expect.arrayContaining([
          { k: 'app_name', v: 'Ünïcode "quotes" \\ backslash' },
          { k: 'privacy_policy', v: '# Awkward\nand a newline \\ backslash' },
        ]),
      );
      expect(await target.db.select({ code: redeemCodes.code }).from(redeemCodes)).toEqual([{ code: 'RESTORE-ME' }]);
      const counters = { servers: users.serverCount, referrals: users.referralCount };
      expect(await target.db.select(counters).from(users).where(eq(users.id, referrer))).toEqual([
        { servers: 1, referrals: 1 },
      ]);
      // Serial ids continue after the restored ones.
      const [next] = await target.db.insert(redeemCodes).values({ code: 'NEXT', coins: 1 }).returning();
      const [old] = await t.database.db.select({ id: redeemCodes.id }).from(redeemCodes);
      expect(next!.id).toBeGreaterThan(old!.id);
    });
  }, 60_000);

  it('orders tables from the target catalog, whatever their order in the file', async () => {
    // Parents moved after their children: the restore holds the children back until roles are in.
    rewriteBackup(file, scratch('order'), {
      lines: (lines) => {
        const start = lines.findIndex((l) => l.startsWith('{"table":"roles"'));
        const end = lines.findIndex((l, i) => i > start && (l.startsWith('{"table"') || l.startsWith('{"sequences"')));
        const roles = lines.slice(start, end);
        const rest = [...lines.slice(0, start), ...lines.slice(end)];
        // The sequences line stays last.
        return [...rest.slice(0, -1), ...roles, rest.at(-1)!];
      },
    });
    await withEmpty(async (target) => {
      await restoreBackup(target, scratch('order'));
      expect(await contents(target, ['backups'])).toEqual(await contents(t.database, ['backups']));
    });
  }, 60_000);

  it('orders the rows of a self-referencing table parent first', () => {
    const rows = [
      ['3', '2'],
      ['2', '1'],
      ['1', null],
      ['4', null],
    ];
    const self = [{ table: 'nodes', parent: 'nodes', columns: ['parent_id'], parentColumns: ['id'] }];
    expect(parentsFirst(rows, ['id', 'parent_id'], self).map((r) => r[0])).toEqual(['1', '2', '3', '4']);
  });

  it('refuses a database that is not empty, and changes nothing', async () => {
    const before = await contents(t.database, ['backups']);
    await expect(restoreBackup(t.database, file)).rejects.toBeInstanceOf(RestoreTargetNotEmptyError);
    expect(await contents(t.database, ['backups'])).toEqual(before);
  });

  it('refuses a truncated file', async () => {
    const bytes = readFileSync(file);
    writeFileSync(scratch('cut'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    await refused(scratch('cut'), 'BACKUP_DAMAGED', /damaged/);
    writeFileSync(scratch('cut'), bytes);
    truncateSync(scratch('cut'), bytes.length - 4);
    await refused(scratch('cut'), 'BACKUP_DAMAGED', /damaged/);
  });

  it('refuses flipped bytes, in the compressed stream or in the data behind a valid gzip', async () => {
    const bytes = Buffer.from(readFileSync(file));
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    writeFileSync(scratch('flip'), bytes);
    await refused(scratch('flip'), 'BACKUP_DAMAGED', /damaged/);
    // Same gzip framing, one value changed, the old checksum kept.
    rewriteBackup(file, scratch('edit'), {
      lines: (lines) => lines.map((l) => l.replace('RESTORE-ME', 'RESTORE-XX')),
      keepChecksum: true,
    });
    await refused(scratch('edit'), 'BACKUP_DAMAGED', /checksum/);
    // A row removed, checksum recomputed: the counts no longer match the manifest.
    rewriteBackup(file, scratch('edit'), { lines: (lines) => lines.filter((l) => !l.includes('RESTORE-ME')) });
    await refused(scratch('edit'), 'BACKUP_DAMAGED', /row count of \w+ does not match/);
    writeFileSync(scratch('edit'), 'not gzip at all');
    await refused(scratch('edit'), 'BACKUP_DAMAGED', /damaged/);
  });

  it('refuses a backup from a newer version or a newer schema', async () => {
    rewriteBackup(file, scratch('new'), { manifest: (m) => Object.assign(m, { app_version: '99.0.0' }) });
    await refused(scratch('new'), 'BACKUP_TOO_NEW', /Hostdeck 99\.0\.0/);
    rewriteBackup(file, scratch('new'), {
      manifest: (m) => Object.assign(m, { migration: { count: 999, hash: 'f'.repeat(64), created_at: 9e15 } }),
    });
    await refused(scratch('new'), 'BACKUP_TOO_NEW', /newer than this version/);
    rewriteBackup(file, scratch('new'), {
      lines: (lines) => [JSON.stringify({ format: 'hostdeck-backup', format_version: 2 }), ...lines.slice(1)],
    });
    await refused(scratch('new'), 'BACKUP_TOO_NEW', /file format 2/);
  });
});
