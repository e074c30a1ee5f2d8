// npm run bench: the figures of issue #15 beside their goals. Prints; asserts nothing.
// 1. hot paths: requests/s and p99 of GET /api/system/settings and the authenticated GET
//    /api/user/session against the built server (production defaults, request log at info), next to a
//    bare Fastify hello-world and a bare Fastify sending the same settings body, measured in the same
//    run; the rate limiter's own cost; on the embedded database, and on PostgreSQL when
//    BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server;
// 2. the client: what /auth/login and /dashboard load against scripts/client-budgets.json, and
//    Lighthouse scores (LIGHTHOUSE_RUNS, default 3, median);
// 3. the server benchmarks (scripts/bench/servers.ts): draining 500 queued creations, a member's
//    pages with 100,000 servers in the database;
// 4. the anti-VPN range table (scripts/bench/vpn.ts: 500,000 ranges);
// 5. image hosting (scripts/bench/images.mjs): uploads of 2 MB JPEGs per second, a raw image beside a static file.
// BENCH_PARTS=hot,client,servers,vpn,images picks parts; BENCH_SECONDS sets each call's time (10 s; for the hot
// paths split over BENCH_ROUNDS rounds, 3 by default).
// A million members: npm run bench:scale (scripts/bench/scale.ts).
import { fork, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freshDatabase } from './bench/fresh-database.mjs';
import { imageFigures } from './bench/images.mjs';
import { lighthouseReport } from './bench/lighthouse.mjs';
import { BENCH_ADMIN, createBenchAdmin, patchSettings, post } from './bench/session.mjs';
import { waitFor } from './bench/wait-for.mjs';
import { buildIfStale, root } from './build-if-stale.mjs';
import { clientBudgetReport } from './client-budget-lib.mjs';
import { registerMember, startBuiltServer } from './client-budget-server.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * The hot paths are measured in rounds, each call once per round for DURATION / ROUNDS seconds, and each
 * ratio is taken against the hello-world of its own round: on a shared machine the speed changes by a
 * factor of two from one minute to the next, which one hello-world at the start would put into every ratio.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const CONNECTIONS = 50;
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** autocannon; with `clients`, each request comes from one of that many addresses (X-Forwarded-For). */
function measure(title, url, headers = {}, clients = 0, seconds = DURATION) {
  let n = 0;
  const setupRequest = clients
    ? (req) => {
        const i = n++ % clients;
        return {
          ...req,
          headers: { ...req.headers, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
        };
      }
    : undefined;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        headers,
        requests: setupRequest ? [{ setupRequest }] : undefined,
      },
      (err, r) => {
        if (err) return reject(err);
        resolve({ title, rps: Math.round(r.requests.average), p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
      },
    );
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
/**
 * Each call measured once per round (`steps` in order, `before` run ahead of a step, e.g. a setting);
 * per call: median req/s and p99, and `share`, the median of its ratios to the same round's `base`.
 */
async function inRounds(steps, baseKey) {
  const runs = Object.fromEntries(steps.map((s) => [s.key, []]));
  // Round -1 warms every call up (one second each, not counted).
  for (let round = -1; round < ROUNDS; round++) {
    for (const step of steps) {
      await step.before?.();
      const run = await measure(step.key, step.url, step.headers, step.clients, round < 0 ? 1 : DURATION / ROUNDS);
      if (round >= 0) runs[step.key].push(run);
    }
  }
  const base = runs[baseKey];
  return Object.fromEntries(
    steps.map(({ key }) => {
      const list = runs[key];
      return [
        key,
        {
          rps: Math.round(median(list.map((r) => r.rps))),
          p99: median(list.map((r) => r.p99)),
          non2xx: list.reduce((n, r) => n + r.non2xx, 0),
          errors: list.reduce((n, r) => n + r.errors, 0),
          share: median(list.map((r, i) => (100 * r.rps) / base[i].rps)),
        },
      ];
    }),
  );
}

const pct = (r, base) => r.share ?? (100 * r.rps) / base.rps;
const row = (title, r, base, goal) =>
  [
    title.padEnd(46),
    String(r.rps).padStart(8),
    `${pct(r, base).toFixed(1)} %`.padStart(8),
    String(r.p99).padStart(7),
    String(r.non2xx + r.errors).padStart(7),
    `  ${goal ?? ''}`,
  ].join(' ');

/**
 * The hot paths on one database: the built server with production defaults (request logging at
 * info, to a file as under a process manager), against a bare Fastify in the same run.
 */
async function hotPaths(databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hostdeck-bench-'));
  const pgDb = databaseUrl ? await freshDatabase(databaseUrl, `hostdeck_bench_hot_${process.pid}`) : undefined;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: pgDb?.url ?? '',
    REDIS_URL: '',
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    // Behind a proxy, as in production: the limiter's run sends X-Forwarded-For per simulated client.
    TRUST_PROXY: '127.0.0.1',
  };
  // An administrator to switch the per-client rate limit off: the load comes from one address.
  createBenchAdmin(env);

  const port = await freePort();
  const log = openSync(join(dataDir, 'server.log'), 'a');
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', log, 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const children = [server];
  try {
    await waitFor(`${base}/readyz`);
    const first = await fetch(`${base}/api/system/settings`);
    const bodyFile = join(dataDir, 'settings.json');
    writeFileSync(bodyFile, await first.text());
    const csrf = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith('csrf_token='));
    const adminCookies = [csrf];
    await post(base, '/api/user/auth/login', BENCH_ADMIN, adminCookies);
    // Each change from an address of its own: the 429 run spends the limit of the load's address, and
    // a round's changes must not spend one another's (up to a dozen a minute while the limit is 10).
    let changes = 0;
    const setLimiter = (values) => {
      changes++;
      return patchSettings(base, adminCookies, values, `10.255.${(changes >> 8) & 255}.${changes & 255}`);
    };
    await setLimiter({ rate_limit_enabled: false });
    const memberCookies = [csrf];
    await post(
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

    const helloPort = await freePort();
    const hello = fork(join(root, 'scripts/bench/hello.mjs'), {
      env: { ...process.env, PORT: String(helloPort), BENCH_BODY_FILE: bodyFile },
      stdio: 'ignore',
    });
    children.push(hello);
    await waitFor(`http://127.0.0.1:${helloPort}/`);

    const settingsUrl = `${base}/api/system/settings`;
    const r = await inRounds(
      [
        {
          key: 'hello',
          url: `http://127.0.0.1:${helloPort}/`,
          before: () => setLimiter({ rate_limit_enabled: false }),
        },
        { key: 'sameBody', url: `http://127.0.0.1:${helloPort}/body` },
        { key: 'settings', url: settingsUrl },
        { key: 'session', url: `${base}/api/user/session`, headers: { cookie: session } },
        // The limiter's own cost: the same call with it on at its default (300 a minute per client),
        // the load spread over 20,000 client addresses so that none reaches its limit.
        {
          key: 'limited',
          url: settingsUrl,
          clients: 20_000,
          before: () => setLimiter({ rate_limit_enabled: true, rate_limit_per_minute: 300 }),
        },
        // A refusal: from one address over a limit of 10 a minute, nearly every answer is a 429.
        {
          key: 'refused',
          url: settingsUrl,
          before: () => setLimiter({ rate_limit_enabled: true, rate_limit_per_minute: 10 }),
        },
      ],
      'hello',
    );
    r.refused.non2xx = 0; // every answer is a 429 here, by design

    const kind = databaseUrl ? 'PostgreSQL' : 'embedded PGlite';
    console.log(
      `\nHot paths on ${kind} — autocannon, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${+(DURATION / ROUNDS).toFixed(1)} s ` +
        `per call (medians; each share against its own round's hello-world), ${process.version}, ` +
        `NODE_ENV=production, request log at info to a file; rate limiter off except where said`,
    );
    console.log(
      [
        'call'.padEnd(46),
        'req/s'.padStart(8),
        'of base'.padStart(8),
        'p99 ms'.padStart(7),
        'non-2xx'.padStart(7),
        '  goal',
      ].join(' '),
    );
    const sessionGoal = databaseUrl ? 60 : 30;
    const verdict = (ok) => (ok ? 'met' : 'NOT MET');
    console.log(row('bare Fastify hello-world (baseline)', r.hello, r.hello, '100 %'));
    console.log(row('bare Fastify, same body as settings (ceiling)', r.sameBody, r.hello, '(reference)'));
    console.log(
      row(
        'GET /api/system/settings',
        r.settings,
        r.hello,
        `≥ 85 %, p99 ≤ 10 ms: ${verdict(pct(r.settings, r.hello) >= 85 && r.settings.p99 <= 10)}`,
      ),
    );
    console.log(
      row(
        'GET /api/user/session (authenticated)',
        r.session,
        r.hello,
        `≥ ${sessionGoal} %, p99 ≤ 10 ms: ${verdict(pct(r.session, r.hello) >= sessionGoal && r.session.p99 <= 10)}`,
      ),
    );
    console.log(
      row(
        'GET /api/system/settings, rate limiter on',
        r.limited,
        r.hello,
        `limiter costs ${(100 - (100 * pct(r.limited, r.hello)) / pct(r.settings, r.hello)).toFixed(1)} % of settings`,
      ),
    );
    console.log(row('GET /api/system/settings, every answer a 429', r.refused, r.hello, '(reference)'));
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((res) => c.once('exit', res)) : null)));
    rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  }
}

/** Section 3: what the login page and the dashboard load (against their budgets) and Lighthouse. */
async function clientFigures() {
  const { base, stop } = await startBuiltServer({ env: { NODE_ENV: 'production' } });
  try {
    const budget = await clientBudgetReport(base);
    console.log(`\nClient budgets (cold load in Chromium, gzip -9 of each body)\n${budget.text}`);
    console.log(`\nLighthouse (Debian's Chromium, median of ${LIGHTHOUSE_RUNS} runs)`);
    console.log(await lighthouseReport(base, await registerMember(base), { runs: LIGHTHOUSE_RUNS }));
  } finally {
    await stop();
  }
}

if (!buildIfStale()) process.exit(1);
// BENCH_PARTS=hot,client,servers,vpn,images runs only those parts (all by default).
const parts = new Set((process.env.BENCH_PARTS || 'hot,client,servers,vpn,images').split(','));
const postgres = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (parts.has('hot')) {
  await hotPaths('');
  if (postgres) await hotPaths(postgres);
}
if (parts.has('client')) await clientFigures();
if (parts.has('servers'))
  for (const url of ['', ...(postgres ? [postgres] : [])]) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/servers.ts'], {
      cwd: root,
      env: { ...process.env, BENCH_DATABASE_URL: url },
      stdio: 'inherit',
    });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
if (parts.has('vpn')) {
  // The anti-VPN range table: load and lookup time with 500,000 ranges (no server, no database).
  const vpn = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/vpn.ts'], { cwd: root, stdio: 'inherit' });
  if (vpn.status !== 0) process.exit(vpn.status ?? 1);
}
if (parts.has('images')) await imageFigures();
if (!postgres)
  console.log(
    '\n(set BENCH_DATABASE_URL=postgres://… to measure the hot paths and server benchmarks on PostgreSQL too)',
  );
