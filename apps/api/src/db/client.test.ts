import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoot } from '../lib/paths.ts';
import { DatabaseUnavailableError, openPostgres } from './client.ts';
import { acquireDataDirLock, DataDirBusyError } from './lock.ts';

describe('embedded database lock', () => {
  it('refuses a second process with a clear message and takes over a stale lock', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hostdeck-lock-'));
    writeFileSync(join(dir, 'hostdeck.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirBusyError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another Hostdeck process/);
    writeFileSync(join(dir, 'hostdeck.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    release();
  });

  it('makes the CLI say so instead of failing obscurely', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hostdeck-cli-'));
    writeFileSync(join(dir, 'hostdeck.lock'), String(process.ppid));
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli.ts',
        'admin:create',
        '--username',
        'root_admin',
        '--email',
        'root@example.com',
        '--password',
        'long enough pass',
      ],
      { cwd: apiRoot, env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' }, encoding: 'utf8' },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('in use by another Hostdeck process');
  });
});

describe('PostgreSQL unreachable', () => {
  it('raises DatabaseUnavailableError naming the server, without the password', async () => {
    const err = await openPostgres('postgres://user:secret@127.0.0.1:1/nothing').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseUnavailableError);
    expect((err as Error).message).toContain('127.0.0.1:1');
    expect((err as Error).message).not.toContain('secret');
  });

  it('makes the server exit non-zero with one clear line', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiRoot,
      env: { ...process.env, DATABASE_URL: 'postgres://user:secret@127.0.0.1:1/nothing', PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stderr
      .trim()
      .split('\n')
      .filter((l) => !l.includes('ExperimentalWarning'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Hostdeck cannot start: Cannot reach PostgreSQL at postgres:\/\/user:\*\*\*@127\.0\.0\.1:1/,
    );
  });
});
