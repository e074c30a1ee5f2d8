import type { PterodactylSimulator } from '@hostdeck/pterodactyl-sim';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { newMember, TestClient } from '../../test/client.ts';
import { panelSettings, panelSimulator, wingsDownStatus } from '../../test/panel-flavour.ts';
import { capturedLog, until } from '../../test/queue-helpers.ts';
import { serverRequest } from '../../test/servers.ts';
import { memberWithPermissions } from '../../test/users.ts';
import { mailOutbox, serverQueue, serverQueueLogs, servers, users, workerHeartbeats } from '../db/schema/index.ts';
import { ServerQueueWorker } from './server-queue.worker.ts';

let t: TestApp;
let sim: PterodactylSimulator;
let root: TestClient;
let request: Record<string, unknown>;
beforeAll(async () => {
  t = await createTestApp();
  sim = panelSimulator();
  await sim.listen();
  await t.app.ctx.settings.update(panelSettings(sim));
  root = await memberWithPermissions(t.app, ['admin.root'], 8);
  for (const path of ['locations', 'egg-categories', 'eggs']) await root.post(`/api/admin/${path}/import`);
  const location = (await root.get('/api/admin/locations?search=europe')).json().data[0];
  const egg = (await root.get('/api/admin/eggs?search=paper')).json().data[0];
  request = serverRequest(location.id, egg.id);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

let ownerCookies: Map<string, string>;
async function queuedRequest(email?: string) {
  const client = new TestClient(t.app);
  ownerCookies = client.cookies;
  await client.post('/api/user/auth/register', newMember(email ? { email } : {}));
  const res = await client.post('/api/servers/requests', request);
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; user_id: string };
}
const item = async (id: string) => (await t.database.db.select().from(serverQueue).where(eq(serverQueue.id, id)))[0]!;
const due = (id: string) =>
  t.database.db
    .update(serverQueue)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(serverQueue.id, id));
const logs = async (id: string) =>
  (await t.database.db.select().from(serverQueueLogs).where(eq(serverQueueLogs.queueId, id))).map((l) => l.message);

describe('server queue worker', () => {
  it('creates the panel account and the server, records it, and logs each step', async () => {
    const q = await queuedRequest();
    expect(await t.app.ctx.serverQueue.runOnce()).toBe(1);
    const done = await item(q.id);
    expect(done).toMatchObject({ status: 'completed', attempts: 1, lastError: null });
    const onPanel = sim.state.servers.filter((s) => s.external_id === q.id);
    expect(onPanel).toHaveLength(1);
    expect(onPanel[0]).toMatchObject({ limits: { memory: 512, cpu: 50, disk: 1024 }, status: 'installing' });
    const panelUser = sim.state.users.find((u) => u.external_id === q.user_id);
    expect(panelUser?.password).toHaveLength(32);
    const [row] = await t.database.db.select().from(servers).where(eq(servers.id, done.serverId!));
    expect(row).toMatchObject({ ownerId: q.user_id, panelServerId: onPanel[0]!.id, memory: 512 });
    expect((await logs(q.id)).join('\n')).toMatch(
      /Queued by[\s\S]*Linked panel account[\s\S]*Created server[\s\S]*Completed/,
    );
    const owner = new TestClient(t.app);
    owner.cookies = new Map(ownerCookies);
    const mine = (await owner.get('/api/servers')).json().data;
    expect(mine).toMatchObject([
      { name: 'Survival', memory: 512, status: 'installing', panel_identifier: onPanel[0]!.uuid.slice(0, 8) },
    ]);
    const requests = (await owner.get('/api/servers/requests')).json().data;
    expect(requests[0]).toMatchObject({ id: q.id, status: 'completed' });
    const [beat] = await t.database.db.select().from(workerHeartbeats);
    expect(beat?.name).toBe('server-queue');
    // The owner hears of it once, with the panel's page of the server.
    const [ownerRow] = await t.database.db.select().from(users).where(eq(users.id, q.user_id));
    const built = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, ownerRow!.email), eq(mailOutbox.template, 'server_created')));
    expect(built).toHaveLength(1);
    expect(built[0]!.subject).toBe('Hostdeck: your server "Survival" is ready');
    expect(built[0]!.text).toContain(`${sim.url}/server/${onPanel[0]!.uuid.slice(0, 8)}`);
  });

  it('on a rebuilt panel reusing a server id, records the new server for its own member and marks the old record missing', async () => {
    const first = await queuedRequest();
    await t.app.ctx.serverQueue.runOnce();
    const old = (await t.database.db.select().from(servers).where(eq(servers.externalId, first.id)))[0]!;
    // The panel is rebuilt: its servers are gone and it numbers them from the same id again.
    const reused = old.panelServerId!;
    for (const a of sim.state.allocations) if (a.server_id === reused) a.server_id = null;
    sim.state.servers = sim.state.servers.filter((s) => s.id !== reused);
    sim.state.nextId.servers = reused - 1;

    const second = await queuedRequest();
    await t.app.ctx.serverQueue.runOnce();
    expect(await item(second.id)).toMatchObject({ status: 'completed' });
    const built = (await t.database.db.select().from(servers).where(eq(servers.externalId, second.id)))[0];
    expect(built).toMatchObject({ ownerId: second.user_id, panelServerId: reused });
    expect((await item(second.id)).serverId).toBe(built!.id);
    expect(await t.database.db.select().from(servers).where(eq(servers.id, old.id))).toMatchObject([
      { ownerId: first.user_id, status: 'missing', panelServerId: null },
    ]);
  });

  it('retries a transient panel fault with backoff, then completes', async () => {
    const q = await queuedRequest();
    sim.failWrites(1); // the panel (Wings) is down for the first write
    await t.app.ctx.serverQueue.runOnce();
    const after = await item(q.id);
    expect(after).toMatchObject({ status: 'pending', attempts: 1 });
    expect(after.lastError).toBe(
      `PANEL_UNREACHABLE: The panel could not be reached or did not answer properly (HTTP ${wingsDownStatus})`,
    );
    expect(after.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    sim.failWrites(0);
    await t.database.db
      .update(serverQueue)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(serverQueue.id, q.id));
    await t.app.ctx.serverQueue.runOnce();
    expect((await item(q.id)).status).toBe('completed');
    expect(sim.state.servers.filter((s) => s.external_id === q.id)).toHaveLength(1);
  });

  it("fails at once on the panel's permanent 422, with the panel's own words, and never asks again", async () => {
    // The panel's egg gained a required variable without a default since Hostdeck imported it.
    const egg = sim.state.eggs.find((e) => e.name === 'Paper')!;
    egg.variables.push({
      ...egg.variables[0]!,
      id: 9_001,
      name: 'License Key',
      env_variable: 'LICENSE_KEY',
      default_value: '',
      rules: 'required|string',
    });
    try {
      const q = await queuedRequest();
      const before = sim.state.servers.length;
      await t.app.ctx.serverQueue.runOnce();
      const failed = await item(q.id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
      expect(failed.lastError).toBe(
        'PANEL_REFUSED: The panel refused the build: The License Key variable field is required.',
      );
      // Failed for good: a later pass leaves it alone, and nothing was made on the panel.
      await due(q.id);
      expect(await t.app.ctx.serverQueue.runOnce()).toBe(0);
      expect(sim.state.servers.length).toBe(before);
    } finally {
      egg.variables.pop();
    }
  });

  it('after a crash mid-build, takes the item back once its lease lapsed and adopts the server the panel already has: never two', async () => {
    const q = await queuedRequest();
    // A worker claimed it, created the server on the panel, and died before recording anything.
    await t.app.ctx.serverQueue.runOnce();
    const built = await item(q.id);
    const crashed = {
      status: 'building' as const,
      serverId: null,
      leasedBy: 'crashed-host:1:dead',
      updatedAt: new Date(),
    };
    await t.database.db
      .update(serverQueue)
      .set({ ...crashed, leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(serverQueue.id, q.id));
    await t.database.db.delete(servers).where(eq(servers.id, built.serverId!));
    // While the lease runs, the build is its holder's.
    await t.app.ctx.serverQueue.runOnce();
    expect(await item(q.id)).toMatchObject({ status: 'building', leasedBy: 'crashed-host:1:dead' });
    // The holder stopped renewing it: the item is taken back at once, not ten minutes after its last change.
    await t.database.db
      .update(serverQueue)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(serverQueue.id, q.id));
    await t.app.ctx.serverQueue.runOnce();
    expect((await item(q.id)).status).toBe('completed');
    expect(sim.state.servers.filter((s) => s.external_id === q.id)).toHaveLength(1);
    expect((await logs(q.id)).join('\n')).toMatch(/Taken back[\s\S]*adopting it/);
  });

  it('builds two requests of one new member at once with one panel account between them', async () => {
    const client = new TestClient(t.app);
    const member = newMember();
    await client.post('/api/user/auth/register', member);
    const id = (await client.get('/api/user/session')).json().user_info.uuid as string;
    const u = (await root.get(`/api/admin/users/${id}`)).json().data;
    await root.patch(`/api/admin/users/${id}`, {
      server_limit: 2,
      memory_limit: 2048,
      allocation_limit: 2,
      updated_at: u.updated_at,
    });
    const ids = [];
    for (const name of ['One', 'Two'])
      ids.push((await client.post('/api/servers/requests', { ...request, name })).json().data.id);
    // With latency both builds look the member up before either has made the account: a real race.
    const options = sim.options as { latencyMs?: number };
    options.latencyMs = 30;
    expect(await t.app.ctx.serverQueue.runOnce()).toBe(2);
    options.latencyMs = 0;
    for (const q of ids) expect((await item(q)).status).toBe('completed');
    expect(sim.state.users.filter((x) => x.external_id === id)).toHaveLength(1);
  });

  it('fails clearly, without touching it, when the panel already has an account with the member email', async () => {
    const email = `taken_${Date.now()}@example.com`;
    sim.state.users.push({ ...sim.state.users[0]!, id: 99_999, external_id: null, username: 'someone_else', email });
    const q = await queuedRequest(email);
    await t.app.ctx.serverQueue.runOnce();
    const failed = await item(q.id);
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toMatch(/^PANEL_ACCOUNT_CONFLICT: /);
    expect(failed.lastError).toContain(`already has an account with ${email}`);
    expect(sim.state.users.find((u) => u.id === 99_999)?.external_id).toBeNull();
  });

  it('renews the lease while it builds, so a second instance leaves a long build alone', async () => {
    const q = await queuedRequest();
    const { log } = capturedLog();
    const worker = () =>
      new ServerQueueWorker(t.database.db, t.app.ctx.panel, t.app.ctx.settings, log, {
        leaseMs: 1500,
        reconcileEveryMs: Number.POSITIVE_INFINITY,
      });
    const [a, b] = [worker(), worker()];
    const held = sim.holdNextServerCreate(); // Wings is slow: the create takes longer than a lease
    const building = a.runOnce();
    await held.arrived;
    const claimed = await item(q.id);
    expect(claimed).toMatchObject({ status: 'building', leasedBy: a.instance });
    const firstEnd = claimed.leaseUntil!.getTime();
    await until(
      'the lease renewed past its first end',
      async () => (await item(q.id)).leaseUntil!.getTime() > firstEnd + 400,
    );
    expect(await b.runOnce()).toBe(0);
    expect(await item(q.id)).toMatchObject({ status: 'building', leasedBy: a.instance });
    await held.commit();
    await building;
    expect(await item(q.id)).toMatchObject({ status: 'completed', attempts: 1, leaseUntil: null, leasedBy: null });
    expect((await logs(q.id)).join('\n')).not.toMatch(/Taken back/);
    expect(sim.state.servers.filter((s) => s.external_id === q.id)).toHaveLength(1);
  });

  it("links the panel account with its panel's key, clearing another member's stale link to the same account", async () => {
    const key = t.app.ctx.panel.key()!;
    const q = await queuedRequest();
    const account = (sim.state.nextId.users ?? 0) + 1; // the id the panel gives the member's new account
    const stale = await queuedRequest();
    // The panel was rebuilt: a member linked to its old account `account`, the owner to one on a former panel.
    await t.database.db.update(users).set({ panelUserId: account, panelKey: key }).where(eq(users.id, stale.user_id));
    await t.database.db
      .update(users)
      .set({ panelUserId: 7, panelKey: 'https://old-panel.example.com' })
      .where(eq(users.id, q.user_id));
    await t.database.db.update(serverQueue).set({ status: 'failed' }).where(eq(serverQueue.id, stale.id));
    await t.app.ctx.serverQueue.runOnce();
    expect(await item(q.id)).toMatchObject({ status: 'completed' });
    const row = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
    expect(await row(q.user_id)).toMatchObject({ panelUserId: account, panelKey: key });
    expect(await row(stale.user_id)).toMatchObject({ panelUserId: null, panelKey: null });
    expect(sim.state.users.find((u) => u.id === account)?.external_id).toBe(q.user_id);
    expect((await logs(q.id)).join('\n')).toMatch(`Panel account ${account} was linked to`);
    const [server] = await t.database.db
      .select()
      .from(servers)
      .where(eq(servers.id, (await item(q.id)).serverId!));
    expect(server).toMatchObject({ panelKey: key, externalId: q.id });
  });

  it('shows a stable code and a sentence for a database error, never its text, and logs every failed attempt', async () => {
    const q = await queuedRequest();
    const db = t.database.db;
    await db.execute(
      sql.raw(`create function hd_refuse() returns trigger language plpgsql as $$ begin
        raise exception 'insert into "servers" violates constraint for owner %', new.owner_id; end $$`),
    );
    await db.execute(
      sql.raw('create trigger hd_refuse before insert on servers for each row execute function hd_refuse()'),
    );
    const { log, lines } = capturedLog();
    const worker = new ServerQueueWorker(db, t.app.ctx.panel, t.app.ctx.settings, log, {
      reconcileEveryMs: Number.POSITIVE_INFINITY,
    });
    try {
      await worker.runOnce();
    } finally {
      await db.execute(sql.raw('drop trigger hd_refuse on servers'));
      await db.execute(sql.raw('drop function hd_refuse()'));
    }
    const safe = 'SERVER_ERROR: An unexpected error occurred while building; staff can see the details in the log';
    expect(await item(q.id)).toMatchObject({ status: 'pending', lastError: safe });
    const owner = new TestClient(t.app);
    owner.cookies = new Map(ownerCookies);
    const shown = (await owner.get('/api/servers/requests')).body;
    const staff = `${(await root.get(`/api/admin/server-queue/${q.id}`)).body}${(await root.get('/api/admin/server-queue')).body}`;
    for (const text of [shown, staff]) {
      expect(text).toContain(safe);
      expect(text).not.toMatch(/violates|insert into/);
      expect(text).not.toContain(`owner ${q.user_id}`);
    }
    const failed = lines.find((l) => l.queueId === q.id && l.code === 'SERVER_ERROR');
    expect(failed).toMatchObject({ level: 40, attempt: 1, err: { message: expect.stringContaining('violates') } });

    // The next attempt adopts the server the first one made; an error stored before codes existed is shown safely.
    await db
      .update(serverQueue)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(serverQueue.id, q.id));
    await worker.runOnce();
    expect(await item(q.id)).toMatchObject({ status: 'completed', lastError: null });
    expect(sim.state.servers.filter((s) => s.external_id === q.id)).toHaveLength(1);
    await db
      .update(serverQueue)
      .set({ lastError: 'Failed query: select "panel_user_id" from "users"' })
      .where(eq(serverQueue.id, q.id));
    expect((await owner.get('/api/servers/requests')).json().data[0].last_error).toBe(safe);
  });

  it('lets an administrator retry a build whose lease lapsed, and refuses one still being built', async () => {
    const q = await queuedRequest();
    const building = { status: 'building' as const, attempts: 1, leasedBy: 'other-host:2:live' };
    await t.database.db
      .update(serverQueue)
      .set({ ...building, leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(serverQueue.id, q.id));
    expect((await root.post(`/api/admin/server-queue/${q.id}/retry`)).json().error_code).toBe('IN_USE');
    await t.database.db
      .update(serverQueue)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(serverQueue.id, q.id));
    const retried = await root.post(`/api/admin/server-queue/${q.id}/retry`);
    expect(retried.json().data).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await item(q.id)).toMatchObject({ leaseUntil: null, leasedBy: null });
    await t.app.ctx.serverQueue.runOnce();
    expect(await item(q.id)).toMatchObject({ status: 'completed' });
  });

  it('stopped in the middle of a pass (shutdown): finishes the build in hand and claims nothing more', async () => {
    const first = await queuedRequest();
    const second = await queuedRequest();
    const { log } = capturedLog();
    const worker = new ServerQueueWorker(t.database.db, t.app.ctx.panel, t.app.ctx.settings, log, {
      concurrency: 1,
      reconcileEveryMs: Number.POSITIVE_INFINITY,
    });
    const held = sim.holdNextServerCreate();
    const pass = worker.runOnce();
    await held.arrived; // the first item is being built
    const stopped = worker.stop();
    await held.commit();
    await stopped;
    expect(await pass).toBe(1);
    expect(await item(first.id)).toMatchObject({ status: 'completed', attempts: 1 });
    // Never claimed, so never leased: any instance's next pass builds it at once.
    expect(await item(second.id)).toMatchObject({ status: 'pending', attempts: 0, leasedBy: null });
    expect(await t.app.ctx.serverQueue.runOnce()).toBe(1);
    expect(await item(second.id)).toMatchObject({ status: 'completed', attempts: 1 });
  });
});
