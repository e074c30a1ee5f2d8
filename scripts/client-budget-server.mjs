// The built server on a fresh embedded database in a temp directory, for the client budget and
// Lighthouse runs. It builds nothing: run `npm run build` (or `npm start` once) first.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './build-if-stale.mjs';

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

/** Starts apps/api/dist/server.js (serving apps/web/dist, or WEB_DIST_DIR); `stop()` ends it and removes its data. */
export async function startBuiltServer({ env = {} } = {}) {
  const web = process.env.WEB_DIST_DIR ?? join(root, 'apps/web/dist');
  for (const file of [join(root, 'apps/api/dist/server.js'), join(web, 'index.html')])
    if (!existsSync(file)) throw new Error(`${file} is missing: build first (npm run build)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'hostdeck-client-'));
  const port = await freePort();
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  server.stderr.on('data', (d) => {
    output += d;
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  // Up when the settings answer (a fresh database migrates first: seconds on a busy machine).
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`the server exited:\n${output}`);
    }
    if (
      await fetch(`${base}/api/system/settings`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, stop };
}

/** Registers a fresh member through the API; returns their cookies as "name=value" strings. */
export async function registerMember(base) {
  const first = await fetch(`${base}/api/system/settings`);
  const cookies = first.headers.getSetCookie().map((c) => c.split(';')[0]);
  const csrf = cookies.find((c) => c.startsWith('csrf_token='))?.split('=')[1] ?? '';
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const res = await fetch(`${base}/api/user/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-csrf-token': csrf },
    body: JSON.stringify({
      username: `lh_${id}`,
      email: `lh_${id}@example.com`,
      password: 'lighthouse password long',
      first_name: 'Light',
      last_name: 'House',
    }),
  });
  if (!res.ok) throw new Error(`registering a member failed: ${res.status} ${await res.text()}`);
  return [...cookies, ...res.headers.getSetCookie().map((c) => c.split(';')[0])];
}
