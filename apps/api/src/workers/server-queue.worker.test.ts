import { PterodactylSimulator } from '@hostdeck/pterodactyl-sim';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { newMember, TestClient } from '../../test/client.ts';
import { serverRequest } from '../../test/servers.ts';
import { memberWithPermissions } from '../../test/users.ts';
import { mailOutbox, serverQueue, serverQueueLogs, servers, users, workerHeartbeats } from '../db/schema/index.ts';

let t: TestApp;
let sim: PterodactylSimulator;
let root: TestClient;
let request: Record<string, unknown>;
beforeAll(async () => {
  t = await createTestApp();
  sim = new PterodactylSimulator({ apiKey: 'ptla_key' });
  await sim.listen();
  await t.app.ctx.settings.update({ pterodactyl_base_url: sim.url, pterodactyl_api_key: 'ptla_key' });
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

  it('retries a transient panel fault with backoff, then completes', async () => {
    const q = await queuedRequest();
    sim.failWrites(1); // the panel (Wings) is down for the first write
    await t.app.ctx.serverQueue.runOnce();
    const after = await item(q.id);
    expect(after).toMatchObject({ status: 'pending', attempts: 1 });
    expect(after.lastError).toContain('Could not establish a connection');
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

  it('after a crash mid-build, takes the item back and adopts the server the panel already has: never two', async () => {
    const q = await queuedRequest();
    // A worker claimed it, created the server on the panel, and died before recording anything.
    await t.app.ctx.serverQueue.runOnce();
    const built = await item(q.id);
    await t.database.db
      .update(serverQueue)
      .set({ status: 'building', serverId: null, updatedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(serverQueue.id, q.id));
    await t.database.db.delete(servers).where(eq(servers.id, built.serverId!));
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
    expect(failed.lastError).toContain(`already has an account with ${email}`);
    expect(sim.state.users.find((u) => u.id === 99_999)?.external_id).toBeNull();
  });
});
