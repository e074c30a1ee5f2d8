import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoot } from './lib/paths.ts';

describe('server process', () => {
  it('starts on the embedded database, prints the setup link, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hostdeck-server-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        PUBLIC_URL: 'https://panel.example.com',
      },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
    });
    await expect
      .poll(() => out, { timeout: 120_000 })
      .toContain('First-run setup: https://panel.example.com/auth/setup?token=');
    expect(existsSync(join(dataDir, 'hostdeck.lock'))).toBe(true);
    child.kill('SIGTERM');
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(out).toContain('shutting down');
    expect(existsSync(join(dataDir, 'hostdeck.lock'))).toBe(false);
    rmSync(dataDir, { recursive: true, force: true });
  }, 180_000);
});
