// npm run bench:scale — a million members on PostgreSQL (issue #15, section 2).
// Needs BENCH_DATABASE_URL (or DATABASE_URL) naming a PostgreSQL server: a fresh database is made on
// it, migrated by building the app, filled with set-based SQL (scale-seed.ts: 1,000,000 members,
// 100,000 servers, 10,000,000 ledger lines, 200,000 tickets with 1,000,000 messages, 100,000 audit
// entries; BENCH_SCALE=0.1 shrinks them all), analysed; then the built server (apps/api/dist) serves it
// in its own process and each call is made one request at a time (BENCH_REPEAT times after two
// warm-ups) and its p50/p95 printed beside its goal. The database is dropped afterwards
// (BENCH_KEEP=1 keeps it; BENCH_REUSE=<it> measures it again). Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { hashPassword } from '../../apps/api/src/modules/auth/passwords.ts';
import { testConfig } from '../../apps/api/test/config.ts';
import { buildIfStale } from '../build-if-stale.mjs';
import { databaseOn, dropDatabase, freshDatabase } from './fresh-database.mjs';
import { FOCAL, inGoodStanding, memberId, seed, sizes } from './scale-seed.ts';

const server = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
if (!server) {
  console.error('bench:scale needs a PostgreSQL server: set BENCH_DATABASE_URL (or DATABASE_URL), e.g.');
  console.error('  BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:scale');
  process.exit(2);
}
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const root = join(import.meta.dirname, '../..');
const s = sizes(SCALE);

// BENCH_SERVER_JS runs another build (e.g. one made from an earlier commit, for a before/after pair).
const serverJs = process.env.BENCH_SERVER_JS ?? 'apps/api/dist/server.js';
if (!process.env.BENCH_SERVER_JS && !buildIfStale()) process.exit(1);

// BENCH_REUSE=<database> measures again a database an earlier run kept (BENCH_KEEP=1; same
// BENCH_SCALE): migrated to this build, not seeded again, not dropped.
const reuse = process.env.BENCH_REUSE;
if (reuse && !/^hostdeck_scale_\d+$/.test(reuse)) throw new Error('BENCH_REUSE names a database an earlier run kept');
const name = reuse ?? `hostdeck_scale_${process.pid}`;
if (!reuse) await freshDatabase(server, name);
const databaseUrl = databaseOn(server, name);
const dataDir = mkdtempSync(join(tmpdir(), 'hostdeck-bench-scale-'));
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;

try {
  const app = await buildApp({ ...testConfig({ dataDir, databaseUrl }), logLevel: 'warn' }, { logger: false });
  await app.ctx.settings.update({ rate_limit_enabled: false, leaderboard_enabled: true });
  await app.close();

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows: version } = await client.query<{ v: string }>(`select current_setting('server_version') as v`);
  console.log(
    `\nbench:scale on PostgreSQL ${version[0]!.v}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; scale ${SCALE}`,
  );
  if (reuse) console.log(`Measuring the data of an earlier run again (${name})`);
  else {
    console.log('Seeding (set-based SQL):');
    await seed(client, s, await hashPassword('bench password'), (l) => console.log(l));
    console.log(`  seeded in ${elapsed()}`);
  }

  // What the calls below need: ids and cursors picked from the data.
  let middle = Math.max(FOCAL + 1, Math.round(s.members / 2));
  while (!inGoodStanding(middle)) middle++;
  const one = async <T>(q: string, params: unknown[] = []) => (await client.query(q, params)).rows[0] as T;
  const someone = await one<{ id: string; ip: string; username: string }>(
    `select id, first_ip as ip, username from users where username = 'member' || $1::int`,
    [middle],
  );
  const focal = await one<{ id: string }>(`select ${memberId(String(FOCAL))} as id`);
  // Page 5,000 by cursor (10 lines a page): after the 49,990th line, newest first.
  const cursor5000 = (
    await one<{ seq: string } | undefined>(
      'select seq::text from coin_ledger where user_id = $1 order by seq desc offset $2 limit 1',
      [focal.id, 4999 * 10 - 1],
    )
  )?.seq;
  const staffId = (await one<{ id: string }>(`select ${memberId('1')} as id`)).id;
  await client.end();

  const port = 4400 + Math.floor(Math.random() * 500);
  const address = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverJs], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; i < 600; i++) {
      const up = await fetch(`${address}/api/system/settings`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const csrf = 'bench-csrf-token-0123456789';
    const login = async (user: string) => {
      const res = await fetch(`${address}/api/user/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `csrf_token=${csrf}`, 'x-csrf-token': csrf },
        body: JSON.stringify({ login: user, password: 'bench password' }),
      });
      if (!res.ok) throw new Error(`login ${user}: ${res.status} ${await res.text()}`);
      const token = res.headers
        .getSetCookie()
        .find((c) => c.startsWith('user_token='))
        ?.split(';')[0];
      return `${token}; csrf_token=${csrf}`;
    };
    const asAdmin = await login('benchadmin');
    const asMember = await login(`member${FOCAL}`);

    type Row = { label: string; p50: number; p95: number; goal: number; note: string };
    const results: Row[] = [];
    const measure = async (label: string, path: string, goal: number, cookie = asAdmin) => {
      const times: number[] = [];
      let body: Record<string, unknown> = {};
      for (let i = 0; i < REPEAT + 2; i++) {
        const t0 = performance.now();
        const res = await fetch(`${address}${path}`, { headers: { cookie } });
        const text = await res.text();
        const ms = performance.now() - t0;
        if (!res.ok) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
        if (i >= 2) times.push(ms);
        body = JSON.parse(text) as Record<string, unknown>;
      }
      times.sort((a, b) => a - b);
      const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
      const note =
        typeof body.total === 'number'
          ? `total ${body.total_estimated ? 'about ' : ''}${body.total.toLocaleString('en')}`
          : Array.isArray(body.data)
            ? `${body.data.length} rows`
            : Array.isArray(body.entries)
              ? `${body.entries.length} entries`
              : '';
      const row = { label, p50: at(50), p95: at(95), goal, note };
      results.push(row);
      print(row);
      return body;
    };
    const print = (r: Row) =>
      console.log(
        r.label.padEnd(52),
        r.p50.toFixed(1).padStart(8),
        r.p95.toFixed(1).padStart(8),
        `≤ ${r.goal}`.padStart(7),
        (r.p95 <= r.goal ? 'ok' : 'SLOW').padStart(5),
        ` ${r.note}`,
      );

    console.log(
      `\nThe built server in its own process, one request at a time, ${REPEAT} requests after 2 warm-ups (${elapsed()} so far)`,
    );
    console.log('call'.padEnd(52), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'goal'.padStart(7), '');
    for (const by of ['coins', 'servers', 'referrals', 'afk'])
      await measure(`leaderboard by ${by}`, `/api/leaderboard?by=${by}`, 20);
    await measure('member lookup q=memb (prefix)', '/api/users/lookup?q=memb', 50);
    await measure(
      `member lookup q=${someone.username.slice(0, 9)}`,
      `/api/users/lookup?q=${someone.username.slice(0, 9)}`,
      50,
    );
    await measure('member lookup q=ber12 (inside names)', '/api/users/lookup?q=ber12', 50);

    const users = '/api/admin/users';
    await measure('admin users, first page', users, 50);
    await measure('admin users, page 20,000', `${users}?page=${Math.max(1, Math.round(20_000 * SCALE))}`, 50);
    await measure('admin users, sorted by coins', `${users}?sort=-coins`, 50);
    await measure('admin users, sorted by username', `${users}?sort=username`, 50);
    await measure('admin users, sorted by last seen', `${users}?sort=-last_seen`, 50);
    await measure('admin users, banned', `${users}?banned=true`, 50);
    await measure(`admin users, search name ${someone.username}`, `${users}?search=${someone.username}`, 50);
    await measure('admin users, search e-mail domain proton.me', `${users}?search=proton.me`, 50);
    const fragment = someone.ip.split('.').slice(0, 3).join('.');
    await measure(`admin users, search IP fragment ${fragment}`, `${users}?search=${fragment}`, 50);
    await measure('admin users, search no match', `${users}?search=nobody-here`, 50);

    const edit = `${users}/${someone.id}`;
    await measure('user edit page: the user', edit, 50);
    await measure('user edit page: sessions', `${edit}/sessions`, 50);
    await measure('user edit page: audit', `${edit}/audit`, 50);
    await measure('user edit page: coin history', `${edit}/coins?page=1&per_page=10`, 50);
    await measure('user edit page: roles', '/api/admin/roles?per_page=100&sort=level', 50);

    const lines = `(${s.focalLines.toLocaleString('en')}+ lines)`;
    const first = await measure(`coin history ${lines}, page 1`, '/api/coins/history?per_page=10', 50, asMember);
    await measure(
      `coin history ${lines}, page 5,000 (offset)`,
      '/api/coins/history?per_page=10&page=5000',
      50,
      asMember,
    );
    if ('next_cursor' in first && cursor5000) {
      await measure(
        `coin history ${lines}, page 5,000 (keyset)`,
        `/api/coins/history?per_page=10&page=5000&cursor=${cursor5000}`,
        50,
        asMember,
      );
    }
    await measure(`coin history ${lines}, kind=redeem`, '/api/coins/history?per_page=10&kind=redeem', 50, asMember);
    await measure('admin coin history of the same member', `${users}/${focal.id}/coins?per_page=10`, 50);

    const tickets = '/api/admin/tickets';
    await measure('admin tickets, first page', tickets, 50);
    await measure('admin tickets, status=open', `${tickets}?status=open`, 50);
    await measure('admin tickets, open + urgent', `${tickets}?status=open&priority=urgent`, 50);
    await measure('admin tickets, unassigned', `${tickets}?assignee=unassigned`, 50);
    await measure('admin tickets, one assignee', `${tickets}?assignee=${staffId}`, 50);
    await measure('admin tickets, department', `${tickets}?department_id=2`, 50);
    await measure('admin tickets, search subject', `${tickets}?search=refund`, 50);

    await measure('audit log, first page', '/api/admin/audit', 50);
    await measure('audit log, target_type=user', '/api/admin/audit?target_type=user', 50);
    await measure('audit log, one actor', `/api/admin/audit?actor_id=${staffId}`, 50);
    await measure('audit log, one user', `/api/admin/audit?target_type=user&target_id=${someone.id}`, 50);

    await measure('admin servers, first page', '/api/admin/servers', 50);
    await measure('dashboard analytics (30 days)', '/api/admin/dashboard/analytics', 200);
    await measure('dashboard overview', '/api/admin/dashboard/overview', 50);

    const slow = results.filter((r) => r.p95 > r.goal);
    console.log(
      `\n${results.length - slow.length} of ${results.length} calls within their goal at p95${slow.length ? `; over: ${slow.map((r) => r.label).join('; ')}` : ''} (${elapsed()} in all)`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (!process.env.BENCH_KEEP && !reuse) {
    await dropDatabase(server, name);
  } else console.log(`kept the database ${name}`);
}
