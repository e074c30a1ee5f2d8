// npm run bench: requests/s and p99 of the hot API calls against the built server on the embedded
// database, next to a bare Fastify hello-world measured in the same run; and the gzip size of the
// JavaScript the login page loads; then the server benchmarks (scripts/bench/servers.ts: draining
// the server queue, the member dashboard with 10,000 servers) on PGlite, and on PostgreSQL too when
// BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server; then the anti-VPN range table
// (scripts/bench/vpn.ts: 500,000 ranges). Prints figures; asserts nothing.
import { fork, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { buildIfStale, root } from './build-if-stale.mjs';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

function measure(title, url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (err, r) => {
      if (err) return reject(err);
      resolve({ title, rps: Math.round(r.requests.average), p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
    });
  });
}

/** A browser-like session: CSRF cookie first, then the call with its header. */
async function call(base, path, body, cookies) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookies.join('; '),
      'x-csrf-token': cookies[0].split('=')[1],
    },
    body: JSON.stringify(body),
  });
  for (const c of res.headers.getSetCookie()) cookies.push(c.split(';')[0]);
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
}

async function loginJsSize(base) {
  const sizes = new Map();
  if (existsSync(chromiumPath)) {
    const { chromium: pw } = await import('playwright-core');
    const browser = await pw.launch({
      executablePath: chromiumPath,
      args: chromiumArgs,
    });
    const page = await browser.newPage();
    page.on('response', async (r) => {
      if (r.request().resourceType() === 'script')
        sizes.set(
          new URL(r.url()).pathname,
          gzipSync(await r.body().catch(() => Buffer.alloc(0)), { level: 9 }).length,
        );
    });
    await page.goto(`${base}/auth/login`, { waitUntil: 'networkidle' });
    await browser.close();
    return { how: 'loaded in Chromium', sizes };
  }
  const html = await (await fetch(`${base}/auth/login`)).text();
  for (const [, src] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) {
    sizes.set(src, gzipSync(Buffer.from(await (await fetch(`${base}${src}`)).arrayBuffer()), { level: 9 }).length);
  }
  return { how: 'scripts referenced by index.html (no Chromium for lazy chunks)', sizes };
}

async function main() {
  if (!buildIfStale()) process.exit(1);
  const dataDir = mkdtempSync(join(tmpdir(), 'hostdeck-bench-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', HOST: '127.0.0.1' };
  // An administrator to switch the per-client rate limit off: the load comes from one address.
  const admin = spawnSync(
    process.execPath,
    [
      'dist/cli.js',
      'admin:create',
      '--username',
      'bench_admin',
      '--email',
      'bench@example.com',
      '--password',
      'bench password 1',
    ],
    { cwd: join(root, 'apps/api'), env, encoding: 'utf8' },
  );
  if (admin.status !== 0) throw new Error(admin.stderr);

  const port = await freePort();
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const helloPort = await freePort();
  const hello = fork(join(root, 'scripts/bench/hello.mjs'), {
    env: { ...process.env, PORT: String(helloPort) },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/system/settings`);
    await waitFor(`http://127.0.0.1:${helloPort}/`);
    const first = await fetch(`${base}/api/system/settings`);
    const csrf = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith('csrf_token='));
    const adminCookies = [csrf];
    await call(base, '/api/user/auth/login', { login: 'bench_admin', password: 'bench password 1' }, adminCookies);
    const patch = await fetch(`${base}/api/admin/settings`, {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        cookie: adminCookies.join('; '),
        'x-csrf-token': csrf.split('=')[1],
      },
      body: JSON.stringify({ values: { rate_limit_enabled: false } }),
    });
    if (!patch.ok) throw new Error(`settings: ${patch.status}`);
    const memberCookies = [csrf];
    await call(
      base,
      '/api/user/auth/register',
      {
        username: 'bench_member',
        email: 'member@example.com',
        password: 'bench password 2',
        first_name: 'Bench',
        last_name: 'Member',
      },
      memberCookies,
    );
    const session = memberCookies.filter((c) => c.startsWith('user_token=')).at(-1);

    const results = [];
    results.push(await measure('bare Fastify hello-world (baseline)', `http://127.0.0.1:${helloPort}/`));
    results.push(await measure('GET /api/system/settings', `${base}/api/system/settings`));
    results.push(
      await measure('GET /api/user/session (authenticated)', `${base}/api/user/session`, { cookie: session }),
    );
    const js = await loginJsSize(base);

    console.log(
      `\nHostdeck benchmark — autocannon, ${CONNECTIONS} connections, ${DURATION} s each, embedded PGlite, ${process.version}\n`,
    );
    console.log('endpoint'.padEnd(44), 'req/s'.padStart(9), 'p99 ms'.padStart(8), 'non-2xx'.padStart(8));
    for (const r of results)
      console.log(
        r.title.padEnd(44),
        String(r.rps).padStart(9),
        String(r.p99).padStart(8),
        String(r.non2xx + r.errors).padStart(8),
      );
    const total = [...js.sizes.values()].reduce((a, b) => a + b, 0);
    console.log(
      `\nJavaScript loaded by /auth/login (${js.how}): ${(total / 1024).toFixed(1)} KiB gzip in ${js.sizes.size} files`,
    );
    for (const [path, size] of js.sizes) console.log(`  ${path}  ${(size / 1024).toFixed(1)} KiB`);
  } finally {
    server.kill('SIGTERM');
    hello.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

const postgres = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
for (const url of ['', ...(postgres ? [postgres] : [])]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/servers.ts'], {
    cwd: root,
    env: { ...process.env, BENCH_DATABASE_URL: url },
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
// The anti-VPN range table: load and lookup time with 500,000 ranges (no server, no database).
const vpn = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/vpn.ts'], { cwd: root, stdio: 'inherit' });
if (vpn.status !== 0) process.exit(vpn.status ?? 1);
if (!postgres)
  console.log('\n(set BENCH_DATABASE_URL=postgres://… to measure the server benchmarks on PostgreSQL too)');
