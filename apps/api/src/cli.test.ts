import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPglite } from './db/pglite.ts';
import { apiRoot } from './lib/paths.ts';

const cli = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: apiRoot,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });

describe('npm run admin:create', () => {
  it('creates an Administrator on the embedded database, and refuses bad input', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hostdeck-cli-'));
    const ok = cli(
      ['admin:create', '--username', 'chief', '--email', 'chief@example.com', '--password', 'a long password'],
      { DATA_DIR: dir },
    );
    expect(ok.stderr).not.toMatch(/error/i);
    expect(ok.stdout).toContain('Administrator chief created');
    const dup = cli(
      ['admin:create', '--username', 'CHIEF', '--email', 'other@example.com', '--password', 'a long password'],
      { DATA_DIR: dir },
    );
    expect(dup.status).toBe(1);
    expect(dup.stderr).toContain('This username is taken');
    const weak = cli(['admin:create', '--username', 'x', '--email', 'bad', '--password', 'short'], { DATA_DIR: dir });
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain('password');
    return verify(dir);
  }, 180_000);
});

async function verify(dir: string) {
  const db = await createPglite({ dataDir: join(dir, 'db') });
  const r = await db.query<{ username: string; level: number }>(
    'select u.username, r.level from users u join roles r on r.id = u.role_id',
  );
  await db.close();
  expect(r.rows).toEqual([{ username: 'chief', level: 8 }]);
}
