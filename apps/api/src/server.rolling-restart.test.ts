import { rmSync } from 'node:fs';
import { AFK_CLOSE, CSRF_COOKIE, CSRF_HEADER, WS_RECONNECT_REASON } from '@hostdeck/contracts';
import { PterodactylSimulator } from '@hostdeck/pterodactyl-sim';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { onPostgres, postgresDatabase } from '../test/app.ts';
import { Balancer } from '../test/balancer.ts';
import type { TestClient } from '../test/client.ts';
import { testConfig } from '../test/config.ts';
import { afkSocket, halfSentRequest, idleConnection, withCeiling } from '../test/connections.ts';
import { PanelGate } from '../test/panel-gate.ts';
import { until } from '../test/queue-helpers.ts';
import {
  connectionRefused,
  dataDir,
  freePorts,
  type ServerProcess,
  startServerProcess,
} from '../test/server-process.ts';
import { serverRequest } from '../test/servers.ts';
import { memberWithPermissions, signedUpMember } from '../test/users.ts';
import { buildApp } from './app.ts';
import type { Database } from './db/client.ts';
import { coinLedger, serverQueue, servers, users } from './db/schema/index.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** A member as the balancer's clients send them: their cookies and the CSRF header. */
interface Member {
  id: string;
  headers: Record<string, string>;
}
const asMember = (client: TestClient, id: string): Member => ({
  id,
  headers: {
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    [CSRF_HEADER]: client.cookies.get(CSRF_COOKIE) ?? '',
  },
});

/** What the balancer's clients sent, and what came back. */
interface Sent {
  kind: 'read' | 'gift' | 'server';
  expected: number;
  status?: number;
  upstream?: string;
  refusedBy?: string[];
  error?: string;
  note?: string;
  queueId?: string;
}

// Separate processes on one database and one Redis: this file makes its own PostgreSQL database, so
// it runs once, in the api project (the api-pg project repeats the api files and skips it).
describe.runIf(databaseUrl && redisUrl && !onPostgres)('a rolling restart of one of two instances', () => {
  let database: Database & { url: string };
  let sim: PterodactylSimulator;
  let gate: PanelGate;
  let balancer: Balancer | undefined;
  const running = new Set<ServerProcess>();
  const pool: Member[] = [];
  const queuers: Member[] = [];
  /** Two members with the AFK page open, one on each instance. */
  const afkMembers: Member[] = [];
  let serverBody: ReturnType<typeof serverRequest>;
  // The setup app's configuration; the instances share its APP_KEY.
  const config = testConfig({ redisUrl });
  const dirs = { one: dataDir(), two: dataDir() };

  beforeAll(async () => {
    database = await postgresDatabase();
    sim = new PterodactylSimulator({ apiKey: 'ptla_key', rateLimit: 1_000_000 });
    await sim.listen();
    gate = new PanelGate(sim.url);
    await gate.listen();
    // The data through an app of its own (not listening, no workers), closed before the instances start.
    const setup = await buildApp(config, { database, logger: false });
    try {
      await setup.ctx.settings.update({
        pterodactyl_base_url: gate.url,
        pterodactyl_api_key: 'ptla_key',
        pterodactyl_rate_limit: 100_000,
        rate_limit_enabled: false,
        allow_coins_sharing: true,
        coins_sharing_fee_percent: 0,
        afk_enabled: true,
      });
      const root = await memberWithPermissions(setup, ['admin.root'], 8);
      for (const path of ['locations', 'egg-categories', 'eggs']) await root.post(`/api/admin/${path}/import`);
      const location = (await root.get('/api/admin/locations?search=europe')).json().data[0];
      const egg = (await root.get('/api/admin/eggs?search=paper')).json().data[0];
      serverBody = serverRequest(location.id, egg.id);
      for (let i = 0; i < 6; i++) {
        const m = await signedUpMember(setup, 1_000_000);
        pool.push(asMember(m.client, m.id));
      }
      // One queued server each (a new member's one free slot).
      for (let i = 0; i < 30; i++) {
        const m = await signedUpMember(setup);
        queuers.push(asMember(m.client, m.id));
      }
      for (let i = 0; i < 2; i++) {
        const m = await signedUpMember(setup);
        afkMembers.push(asMember(m.client, m.id));
      }
    } finally {
      await setup.close();
    }
    // Every panel call takes a while, so builds are in flight at any moment.
    sim.options.latencyMs = 100;
  }, 300_000);

  afterAll(async () => {
    for (const p of running) p.child.kill('SIGKILL');
    await Promise.all([...running].map((p) => p.exited));
    await balancer?.close();
    await gate?.close();
    await sim?.close();
    await database?.close();
    for (const dir of [config.dataDir, dirs.one, dirs.two]) rmSync(dir, { recursive: true, force: true });
  });

  it('answers every request and builds every queued server exactly once; the stopped instance exits 0', async () => {
    const ports = (await freePorts(2)) as [number, number];
    const instances = (['one', 'two'] as const).map((name, i) => ({
      name,
      port: ports[i] as number,
      dir: dirs[name],
      proc: undefined as unknown as ServerProcess,
    }));
    const start = (instance: (typeof instances)[number]) => {
      const p = startServerProcess(instance.port, {
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl as string,
        DATA_DIR: instance.dir,
        APP_KEY: config.appKey as string,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
        WEB_DIST_DIR: config.webDistDir as string,
        // Out of the rotation for 3 s before the port closes (the balancer probes every 100 ms).
        SHUTDOWN_DELAY_MS: '3000',
        SHUTDOWN_TIMEOUT_MS: '60000',
      });
      running.add(p);
      void p.exited.then(() => running.delete(p));
      instance.proc = p;
    };
    for (const instance of instances) start(instance);
    onTestFailed(() => {
      for (const i of instances) console.log(`instance ${i.name}:\n${i.proc.tail()}\n`);
    });
    const up = (...list: typeof instances) => {
      for (const i of list) i.proc.assertRunning();
      return true;
    };
    const lb = new Balancer(instances.map(({ name, port }) => ({ name, port })));
    balancer = lb;
    await until(
      'both instances in the rotation',
      async () => up(...instances) && instances.every((i) => lb.isReady(i.name)),
      180_000,
    );

    // A member's AFK page on each instance: an open WebSocket stays where it is.
    const sockets = await Promise.all(instances.map((i, n) => afkSocket(i.port, (afkMembers[n] as Member).headers)));

    // The steady stream: reads, gifts between members (coins move), server requests (queue items).
    const sent: Sent[] = [];
    let streaming = true;
    let n = 0;
    const stream = async () => {
      while (streaming) {
        const i = n++;
        const from = pool[i % pool.length] as Member;
        const to = pool[(i + 1) % pool.length] as Member;
        const queuer = i % 8 === 0 ? queuers.shift() : undefined;
        const s: Sent = queuer
          ? { kind: 'server', expected: 201 }
          : i % 2 === 0
            ? { kind: 'gift', expected: 200, note: `roll-${i}` }
            : { kind: 'read', expected: 200 };
        sent.push(s);
        try {
          const a = queuer
            ? await lb.send('POST', '/api/servers/requests', {
                headers: queuer.headers,
                body: { ...serverBody, name: `Roll ${i}` },
              })
            : s.kind === 'gift'
              ? await lb.send('POST', `/api/profiles/${to.id}/gift`, {
                  headers: from.headers,
                  body: { amount: 10, note: s.note },
                })
              : await lb.send('GET', ['/api/user/session', '/api/servers', '/api/system/settings'][i % 3] as string, {
                  headers: from.headers,
                });
          Object.assign(s, { status: a.status, upstream: a.upstream, refusedBy: a.refusedBy });
          if (queuer && a.status === 201) s.queueId = JSON.parse(a.body).data.id;
        } catch (err) {
          s.error = (err as Error).message;
        }
        await new Promise((r) => setTimeout(r, 150)); // the pace of the stream, not a wait for anything
      }
    };
    const answered = (upstream?: string, from = 0) =>
      sent.slice(from).filter((s) => s.status !== undefined && (!upstream || s.upstream === upstream)).length;
    const clients = [stream(), stream()];
    await until('60 answers from both instances', async () => up(...instances) && answered() >= 60, 120_000);

    // The next server creation is held at the panel: the instance building it is the one stopped,
    // so a build is certainly in flight when it is told to stop.
    const held = await withCeiling(gate.holdNext(), 120_000, 'a server creation at the panel');
    const [lease] = await database.db
      .select({ by: serverQueue.leasedBy })
      .from(serverQueue)
      .where(eq(serverQueue.id, held.externalId));
    const victim = instances.find((i) => lease?.by?.split(':')[1] === String(i.proc.pid));
    if (!victim) throw new Error(`no instance holds the held build (leased by ${lease?.by})`);
    const survivor = instances.find((i) => i !== victim) as (typeof instances)[number];
    const stopping = victim.proc;

    // A gift whose body is still arriving on it, and an idle keep-alive connection to it.
    const slow = halfSentRequest(
      victim.port,
      `/api/profiles/${(pool[1] as Member).id}/gift`,
      (pool[0] as Member).headers,
      {
        amount: 10,
        note: 'roll-slow',
      },
    );
    await slow.started;
    const keepAlive = await idleConnection(victim.port);

    stopping.child.kill('SIGTERM');
    await until('the stopped instance out of the rotation', async () => !lb.isReady(victim.name), 30_000);
    await until('the stopped instance refusing connections', () => connectionRefused(victim.port), 60_000);
    expect(await slow.finish()).toBe(200);
    held.release();
    expect(await stopping.exited).toBe(0);
    expect(lb.probesOf(victim.name)).toContain('503 shutting_down'); // what took it out of the rotation
    expect(await keepAlive.closed).toBe(true);
    const victimSocket = sockets[instances.indexOf(victim)];
    expect(await victimSocket?.closed).toEqual({ code: AFK_CLOSE.restart, reason: WS_RECONNECT_REASON });
    const survivorSocket = sockets[instances.indexOf(survivor)]?.ws;
    expect(survivorSocket?.readyState).toBe(survivorSocket?.OPEN);

    const alone = sent.length;
    await until(
      '30 answers while one instance is down',
      async () => up(survivor) && answered(survivor.name, alone) >= 30,
      120_000,
    );
    start(victim);
    const restarted = sent.length;
    await until(
      '30 answers from the restarted instance',
      async () => up(...instances) && answered(victim.name, restarted) >= 30,
      180_000,
    );
    streaming = false;
    await Promise.all(clients);

    // Every request got its proper answer (a refused connection was sent on, as a proxy does).
    expect(sent.filter((s) => s.error !== undefined || s.status !== s.expected)).toEqual([]);
    const ids = sent.flatMap((s) => (s.queueId ? [s.queueId] : []));
    expect(ids.length).toBeGreaterThanOrEqual(10);
    expect(ids).toContain(held.externalId);

    // Every queued creation built once: on the panel, in the database, none stuck.
    const items = () => database.db.select().from(serverQueue).where(inArray(serverQueue.id, ids));
    await until(
      'every queued server built',
      async () => (await items()).every((q) => q.status === 'completed'),
      180_000,
    );
    expect((await items()).length).toBe(ids.length);
    const heldItem = (await items()).find((q) => q.id === held.externalId);
    expect(heldItem).toMatchObject({ status: 'completed', attempts: 1 }); // finished by the stopped instance itself
    for (const id of ids) expect(sim.state.servers.filter((s) => s.external_id === id)).toHaveLength(1);
    const recorded = await database.db.select().from(servers).where(inArray(servers.externalId, ids));
    expect(recorded.map((r) => r.externalId).sort()).toEqual([...ids].sort());

    // Every gift answered 200 moved its coins once, and coins were neither made nor lost.
    const notes = sent.flatMap((s) => (s.kind === 'gift' ? [s.note as string] : []));
    const gifts = await database.db
      .select({ reason: coinLedger.reason })
      .from(coinLedger)
      .where(and(eq(coinLedger.kind, 'gift_in'), like(coinLedger.reason, 'From %: roll-%')));
    // The reason is "From <giver>: <note>".
    expect(gifts.map((g) => g.reason?.replace(/^From [^:]+: /, '')).sort()).toEqual([...notes, 'roll-slow'].sort());
    const poolIds = pool.map((m) => m.id);
    const balances = await database.db.select({ coins: users.coins }).from(users).where(inArray(users.id, poolIds));
    expect(balances.reduce((sum, b) => sum + b.coins, 0)).toBe(pool.length * 1_000_000);

    for (const i of instances) i.proc.child.kill('SIGTERM');
    expect(await Promise.all(instances.map((i) => i.proc.exited))).toEqual([0, 0]);
    const by = (u: string) => sent.filter((s) => s.upstream === u).length;
    const resent = sent.filter((s) => s.refusedBy?.length).length;
    console.log(
      `rolling restart: ${sent.length} requests (${instances.map((i) => `instance ${i.name}: ${by(i.name)}`).join(', ')}; sent on after a refused connection: ${resent}), ${ids.length} servers queued, ${notes.length + 1} gifts; instance ${victim.name} restarted`,
    );
  }, 900_000);
});
