// Server benchmarks (run by `npm run bench`, or alone: node --import tsx scripts/bench/servers.ts):
// 1. the time the queue worker takes to drain 500 queued creations against the simulated panel with
//    20 ms latency per call (500 new members: each needs a panel account too);
// 2. the member dashboard's server calls with 10,000 servers in the database: the data is written
//    here, then the built server (apps/api/dist, `npm run build`) serves it in its own process and
//    autocannon measures it over HTTP.
// Embedded PGlite in a temporary directory, or, with BENCH_DATABASE_URL=postgres://…, a fresh database
// on that PostgreSQL server (dropped afterwards). Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PterodactylSimulator, seedState } from '@hostdeck/pterodactyl-sim';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { eggs, locations, serverQueue, servers, users } from '../../apps/api/src/db/schema/index.ts';
import { hashPassword } from '../../apps/api/src/modules/auth/passwords.ts';
import { importCategories, importEggs, importLocations } from '../../apps/api/src/modules/catalog/catalog.import.ts';
import { testConfig } from '../../apps/api/test/config.ts';

const QUEUED = Number(process.env.BENCH_QUEUE_ITEMS ?? 500);
const SERVERS = Number(process.env.BENCH_SERVERS ?? 10_000);
const LATENCY_MS = 20;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

const root = join(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'hostdeck-bench-servers-'));
const sim = new PterodactylSimulator({
  apiKey: 'ptla_bench',
  latencyMs: LATENCY_MS,
  rateLimit: 1_000_000,
  state: seedState({ portsPerNode: QUEUED + 100, nodeMemory: 10_000_000, nodeDisk: 100_000_000 }),
});
await sim.listen();
const server = process.env.BENCH_DATABASE_URL;
let databaseUrl: string | undefined;
if (server) {
  const name = `hostdeck_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}
const dbKind = databaseUrl ? 'PostgreSQL' : 'embedded PGlite';
const app = await buildApp({ ...testConfig({ dataDir, databaseUrl }), logLevel: 'warn' }, { logger: false });
const { db } = app.ctx;
try {
  await app.ctx.settings.update({
    pterodactyl_base_url: sim.url,
    pterodactyl_api_key: 'ptla_bench',
    // The simulator allows any rate here: the figure is Hostdeck's own speed, not the panel's budget.
    pterodactyl_rate_limit: 100_000,
    rate_limit_enabled: false,
  });
  const hash = await hashPassword('bench password');
  const makeUsers = async (n: number, prefix: string) => {
    const rows = Array.from({ length: n }, (_, i) => ({
      username: `${prefix}${i}`,
      email: `${prefix}${i}@bench.example`,
      firstName: 'Bench',
      lastName: 'Member',
      passwordHash: hash,
      roleId: 1,
      referralCode: `${prefix}${i}`,
      supportPin: '000000',
      memoryLimit: 1_000_000,
      cpuLimit: 100_000,
      diskLimit: 10_000_000,
      serverLimit: 1000,
      allocationLimit: 1000,
      databaseLimit: 100,
      backupLimit: 100,
    }));
    const out: string[] = [];
    for (let i = 0; i < rows.length; i += 500)
      out.push(
        ...(
          await db
            .insert(users)
            .values(rows.slice(i, i + 500))
            .returning({ id: users.id })
        ).map((r) => r.id),
      );
    return out;
  };
  const [adminId] = await makeUsers(1, 'admin');
  const actor = { id: adminId as string, permissions: ['admin.root'] };
  const provider = await app.ctx.panel.get();
  await importLocations(db, provider, actor);
  await importCategories(db, provider, actor);
  await importEggs(db, provider, actor);
  const [location] = await db.select().from(locations).limit(1);
  const [egg] = await db.select().from(eggs).where(sql`${eggs.panelEggId} is not null`).limit(1);
  if (!location || !egg) throw new Error('the simulator catalogue did not import');

  const resources = { memory: 512, cpu: 50, disk: 1024, ports: 1, databases: 0, backups: 0 };
  const what = { name: 'Bench', description: '', locationId: location.id, eggId: egg.id, ...resources };

  // 1. Drain the queue.
  const queuedFor = await makeUsers(QUEUED, 'q');
  await db.insert(serverQueue).values(queuedFor.map((userId) => ({ userId, ...what })));
  const started = performance.now();
  let rounds = 0;
  while (rounds++ < 100) {
    await app.ctx.serverQueue.runOnce();
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(serverQueue)
      .where(sql`status <> 'completed'`);
    if (Number(n) === 0) break;
  }
  const drainS = (performance.now() - started) / 1000;
  const onPanel = sim.state.servers.length;
  const callsPerItem = 5; // account lookup, email lookup, account creation, server lookup, server creation
  console.log(
    `\nServer queue on ${dbKind}: ${QUEUED} creations for ${QUEUED} new members, simulated panel with ${LATENCY_MS} ms per call`,
  );
  console.log(
    `  drained in ${drainS.toFixed(1)} s (${(QUEUED / drainS).toFixed(1)} servers/s), ${onPanel} servers on the panel`,
  );
  console.log(
    `  at the panel's default limit of 240 requests a minute the same drain takes at least ${((QUEUED * callsPerItem) / 240).toFixed(1)} min: the panel's budget, not Hostdeck, bounds it`,
  );

  // 2. Dashboard calls with 10,000 servers in the database.
  const owners = await makeUsers(SERVERS / 10, 'o');
  const rows = owners.flatMap((ownerId) => Array.from({ length: 10 }, () => ({ ownerId, ...what, status: 'active' })));
  for (let i = 0; i < rows.length; i += 1000) await db.insert(servers).values(rows.slice(i, i + 1000));
  // The embedded database has no autovacuum: give the planner statistics, as PostgreSQL's would have.
  await db.execute(sql`analyze`);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(servers);
  await app.close();

  const port = 3900 + Math.floor(Math.random() * 500);
  const address = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (
      let i = 0;
      i < 300 &&
      !(await fetch(`${address}/api/system/settings`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    )
      await new Promise((r) => setTimeout(r, 100));
    const csrf = 'bench-csrf-token-0123456789';
    const login = await fetch(`${address}/api/user/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `csrf_token=${csrf}`, 'x-csrf-token': csrf },
      body: JSON.stringify({ login: 'o0', password: 'bench password' }),
    });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    const token = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('user_token='))
      ?.split(';')[0];
    console.log(
      `\nMember dashboard on ${dbKind} with ${total} servers in the database (the member owns 10); the built server in its own process, autocannon 50 connections, ${DURATION} s each`,
    );
    console.log(
      'endpoint'.padEnd(36),
      'req/s'.padStart(9),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'non-2xx'.padStart(8),
    );
    for (const path of (process.env.BENCH_PATHS ?? '/api/servers,/api/servers/requests,/api/servers/options').split(
      ',',
    )) {
      const r = await autocannon({
        url: `${address}${path}`,
        connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
        duration: DURATION,
        headers: { cookie: `${token}; csrf_token=${csrf}` },
      });
      console.log(
        `GET ${path}`.padEnd(36),
        String(Math.round(r.requests.average)).padStart(9),
        String(r.latency.p50).padStart(8),
        String(r.latency.p99).padStart(8),
        String(r.non2xx + r.errors).padStart(8),
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
} finally {
  await app.close().catch(() => undefined);
  await sim.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl && server) {
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)}`);
    await admin.end();
  }
}
