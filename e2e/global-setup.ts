import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM script without types
import { buildIfStale, root } from '../scripts/build-if-stale.mjs';
// @ts-expect-error plain ESM script without types
import { chromiumPath } from '../scripts/chromium.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    /** The one-time first-run link the server printed. */
    setupUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Builds if needed, then runs the real server on a fresh embedded database for the browser tests. */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  project.provide('chromiumPath', existsSync(chromiumPath) ? chromiumPath : '');
  project.provide('baseUrl', '');
  project.provide('setupUrl', '');
  if (!existsSync(chromiumPath)) return undefined;
  if (!buildIfStale({ quiet: true })) throw new Error('build failed');
  const dataDir = mkdtempSync(join(tmpdir(), 'hostdeck-e2e-'));
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  server.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/system/settings`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseUrl', baseUrl);
  await waitForOutput(() => output, /First-run setup: (\S+)/);
  project.provide('setupUrl', output.match(/First-run setup: (\S+)/)?.[1] ?? '');
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

async function waitForOutput(read: () => string, pattern: RegExp): Promise<void> {
  for (let i = 0; i < 100 && !pattern.test(read()); i++) await new Promise((r) => setTimeout(r, 100));
}
