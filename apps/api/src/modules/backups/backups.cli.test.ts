import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../../test/app.ts';
import { emptyDatabase, queryOf } from '../../../test/backups.ts';
import { signedUpMember } from '../../../test/users.ts';
import { fromPglite } from '../../db/client.ts';
import { createPglite } from '../../db/pglite.ts';
import { apiRoot } from '../../lib/paths.ts';
import { publicTables } from './backups.catalog.ts';
import { backupFilePath } from './backups.files.ts';

/** `npm run backup:restore -- <file>` as the root script runs it (INIT_CWD is the caller's folder). */
const restore = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'backup:restore', ...args], {
    cwd: apiRoot,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });

let t: TestApp;
let file: string;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'hostdeck-restore-cli-'));
  dirs.push(dir);
  return dir;
};
beforeAll(async () => {
  t = await createTestApp();
  await signedUpMember(t.app, 10);
  const backup = await t.app.ctx.backups.create(null, 'manual');
  await t.app.ctx.backups.whenIdle();
  file = backupFilePath(t.app.ctx.config.dataDir, backup!.file_name);
}, 60_000);
afterAll(async () => {
  await t.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Where the CLI restores to: an empty embedded database, or a new PostgreSQL database. */
async function target(): Promise<{
  env: Record<string, string>;
  tables: () => Promise<string[]>;
  close: () => Promise<void>;
}> {
  if (!onPostgres) {
    const dir = tempDir();
    return {
      env: { DATA_DIR: dir },
      tables: async () => {
        const db = await fromPglite(await createPglite({ dataDir: join(dir, 'db') }));
        try {
          return await publicTables(queryOf(db));
        } finally {
          await db.close();
        }
      },
      close: async () => {},
    };
  }
  const db = await emptyDatabase();
  return {
    env: { DATABASE_URL: db.url!, DATA_DIR: tempDir() },
    tables: () => publicTables(queryOf(db)),
    close: () => db.close(),
  };
}

describe('npm run backup:restore', () => {
  it('restores into an empty database (exit 0), then refuses it as not empty (exit 1)', async () => {
    const to = await target();
    try {
      const ok = restore([basename(file)], { ...to.env, INIT_CWD: dirname(file) });
      expect(ok.stderr).toBe('');
      expect(ok.status).toBe(0);
      expect(ok.stdout).toMatch(/^Restored \d+ rows in \d+ tables/);
      expect(await to.tables()).toContain('users');
      const again = restore([file], to.env);
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('The target database is not empty');
    } finally {
      await to.close();
    }
  }, 120_000);

  it('refuses a damaged file (exit 1) and writes nothing; no file is a usage error', async () => {
    const to = await target();
    try {
      const damaged = join(tempDir(), 'damaged.jsonl.gz');
      const bytes = readFileSync(file);
      writeFileSync(damaged, bytes.subarray(0, bytes.length - 10));
      const res = restore([damaged], to.env);
      expect(res.status).toBe(1);
      expect(res.stderr).toContain('The backup file is damaged or not a Hostdeck backup');
      expect(await to.tables()).toEqual([]);
      const usage = restore([], to.env);
      expect(usage.status).toBe(1);
      expect(usage.stderr).toContain('backup:restore needs exactly one backup file');
    } finally {
      await to.close();
    }
  }, 120_000);
});
