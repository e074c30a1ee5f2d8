import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panelFlavour } from '../../../test/panel-flavour.ts';
import { memberWithServer, type PanelWorld, simulatedPanelApp } from '../../../test/servers.ts';
import { coinLedger, serverQueue, servers } from '../../db/schema/index.ts';

let w: PanelWorld;
beforeAll(async () => {
  w = await simulatedPanelApp();
});
afterAll(() => w.close());

const row = async (id: string) => (await w.t.database.db.select().from(servers).where(eq(servers.id, id)))[0];
const roomy = { memory_limit: 4096, cpu_limit: 400, disk_limit: 20_000, allocation_limit: 4 };

describe('a member’s servers', () => {
  it('lists them from the database with names, panel link and status, and hides them from everybody else', async () => {
    const a = await memberWithServer(w);
    expect(a.server).toMatchObject({
      name: 'Survival',
      location_name: expect.any(String),
      egg_name: expect.stringMatching(/paper/i),
      status: 'installing',
      panel_url: `${w.sim.url}/server/${a.server.panel_identifier}`,
    });
    const b = await memberWithServer(w);
    for (const res of [
      await b.client.get(`/api/servers/${a.server.id}`),
      await b.client.patch(`/api/servers/${a.server.id}`, { name: 'Mine now' }),
      await b.client.post(`/api/servers/${a.server.id}/renew`),
      await b.client.delete(`/api/servers/${a.server.id}`),
    ])
      expect(res.json()).toMatchObject({ success: false, error_code: 'NOT_FOUND' });
    expect(await row(a.server.id)).toMatchObject({ name: 'Survival', status: 'installing' });
    const list = (await b.client.get('/api/servers')).json();
    expect(list.data.map((s: { id: string }) => s.id)).toEqual([b.server.id]);
    expect(list.panel).toBe(panelFlavour);
  });

  it('offers online locations with their slot use and enabled eggs on the create page', async () => {
    const a = await memberWithServer(w);
    const options = (await a.client.get('/api/servers/options')).json();
    expect(options).toMatchObject({ enabled: true, vip: false, free: { servers: 0 } });
    const here = options.locations.find((l: { id: number }) => l.id === a.server.location_id);
    expect(here.used).toBeGreaterThanOrEqual(1);
    expect(options.eggs.some((e: { id: number }) => e.id === a.server.egg_id)).toBe(true);
  });

  it('updates resources within the free pool on the panel first, and refuses more without changing anything', async () => {
    const a = await memberWithServer(w, roomy);
    const detail = (await a.client.get(`/api/servers/${a.server.id}`)).json();
    expect(detail.max).toMatchObject({ memory: 4096, cpu: 400, disk: 20_000, ports: 4 });

    const res = await a.client.patch(`/api/servers/${a.server.id}`, { memory: 2048, name: 'Creative' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ memory: 2048, name: 'Creative', status: 'installing' });
    expect(a.panel()).toMatchObject({ name: 'Creative', limits: { memory: 2048, cpu: 50 } });
    expect(a.panel()?.external_id).not.toBeNull(); // the details PATCH re-sent it

    const tooMuch = await a.client.patch(`/api/servers/${a.server.id}`, { memory: 4097, cpu: 60 });
    expect(tooMuch.json()).toMatchObject({ error_code: 'INSUFFICIENT_RESOURCES', fields: { memory: 'At most 4096' } });
    expect(await row(a.server.id)).toMatchObject({ memory: 2048, cpu: 50 });
    expect(a.panel()?.limits).toMatchObject({ memory: 2048, cpu: 50 });
    const nothing = await a.client.patch(`/api/servers/${a.server.id}`, {});
    expect(nothing.json().data).toMatchObject({ memory: 2048, status: 'installing' });
  });

  it('keeps the old values when the panel is down, and says so', async () => {
    const a = await memberWithServer(w, roomy);
    w.sim.failWrites(1);
    const res = await a.client.patch(`/api/servers/${a.server.id}`, { memory: 1024 });
    w.sim.failWrites(0);
    expect(res.statusCode).toBe(502);
    expect(res.json().error_code).toBe('PANEL_UNREACHABLE');
    expect(await row(a.server.id)).toMatchObject({ memory: 512, status: 'installing' });
    expect(a.panel()?.limits.memory).toBe(512);
    // The freed reservation is usable again at once.
    expect((await a.client.patch(`/api/servers/${a.server.id}`, { memory: 1024 })).statusCode).toBe(200);
  });

  it('renews through the ledger from the later of now and the expiry, and refuses without enough coins', async () => {
    await w.t.app.ctx.settings.update({ server_renew_enabled: false });
    const a = await memberWithServer(w);
    expect((await a.client.post(`/api/servers/${a.server.id}/renew`)).json().error_code).toBe('FEATURE_DISABLED');
    await w.t.app.ctx.settings.update({ server_renew_enabled: true, server_renew_cost: 100, server_renew_days: 30 });

    const poor = await a.client.post(`/api/servers/${a.server.id}/renew`);
    expect(poor.json().error_code).toBe('INSUFFICIENT_COINS');
    const ledger = () => w.t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, a.id));
    expect(await ledger()).toHaveLength(0);

    const u = (await w.root.get(`/api/admin/users/${a.id}`)).json().data;
    await w.root.post(`/api/admin/users/${a.id}/coins`, { amount: 250, reason: 'test' });
    const inTenDays = new Date(Date.now() + 10 * 86_400_000);
    await w.t.database.db.update(servers).set({ expiresAt: inTenDays }).where(eq(servers.id, a.server.id));
    const quote = (await a.client.get(`/api/servers/${a.server.id}`)).json().renewal;
    expect(quote).toMatchObject({ enabled: true, cost: 100, days: 30, coins: u.coins + 250 });
    expect(new Date(quote.new_expires_at).getTime()).toBe(inTenDays.getTime() + 30 * 86_400_000);

    const renewed = await a.client.post(`/api/servers/${a.server.id}/renew`);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().coins).toBe(150);
    expect(new Date(renewed.json().data.expires_at).getTime()).toBe(inTenDays.getTime() + 30 * 86_400_000);
    const entries = await ledger();
    expect(entries.find((e) => e.kind === 'renew')).toMatchObject({
      amount: -100,
      balanceAfter: 150,
      reference: a.server.id,
    });

    // Long expired: the 30 days start now, not at the old expiry.
    await w.t.database.db
      .update(servers)
      .set({ expiresAt: new Date(Date.now() - 90 * 86_400_000) })
      .where(eq(servers.id, a.server.id));
    const again = (await a.client.post(`/api/servers/${a.server.id}/renew`)).json();
    expect(new Date(again.data.expires_at).getTime()).toBeGreaterThan(Date.now() + 29.9 * 86_400_000);
    expect(again.coins).toBe(50);
    expect((await a.client.post(`/api/servers/${a.server.id}/renew`)).json().error_code).toBe('INSUFFICIENT_COINS');
    await w.t.app.ctx.settings.update({ server_renew_enabled: null, server_renew_cost: null, server_renew_days: null });
  });

  it('parallel renewals each add their days: every coin paid buys time', async () => {
    await w.t.app.ctx.settings.update({ server_renew_enabled: true, server_renew_cost: 100, server_renew_days: 30 });
    const a = await memberWithServer(w);
    await w.root.post(`/api/admin/users/${a.id}/coins`, { amount: 1000, reason: 'test' });
    const start = new Date(Date.now() + 10 * 86_400_000);
    await w.t.database.db.update(servers).set({ expiresAt: start }).where(eq(servers.id, a.server.id));
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => a.client.post(`/api/servers/${a.server.id}/renew`)),
    );
    const paid = (await w.t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, a.id))).filter(
      (e) => e.kind === 'renew',
    );
    expect(paid.length).toBe(answers.filter((r) => r.statusCode === 200).length);
    expect(paid.length).toBeGreaterThan(1);
    const [row] = await w.t.database.db.select().from(servers).where(eq(servers.id, a.server.id));
    expect(row!.expiresAt!.getTime()).toBe(start.getTime() + paid.length * 30 * 86_400_000);
    await w.t.app.ctx.settings.update({ server_renew_enabled: null, server_renew_cost: null, server_renew_days: null });
  });

  it('renewing a server suspended at expiry unsuspends it on the panel', async () => {
    await w.t.app.ctx.settings.update({ server_renew_enabled: true, server_renew_cost: 0 });
    const a = await memberWithServer(w);
    w.sim.finishInstall(a.panel()!.id);
    await w.t.app.ctx.serverLifecycle.runOnce(new Date(Date.now() + 31 * 86_400_000));
    expect(a.panel()?.status).toBe('suspended');
    expect(await row(a.server.id)).toMatchObject({ status: 'suspended', expirySuspendedAt: expect.any(Date) });

    const res = await a.client.post(`/api/servers/${a.server.id}/renew`);
    expect(res.json().data.status).toBe('active');
    expect(a.panel()?.status).toBeNull();
    expect(await row(a.server.id)).toMatchObject({ expirySuspendedAt: null });
    await w.t.app.ctx.settings.update({ server_renew_enabled: null, server_renew_cost: null });
  });

  it('deletes once when asked many times at once: one wins, the others find it busy', async () => {
    const a = await memberWithServer(w);
    const answers = await Promise.all(
      Array.from({ length: 8 }, async () => (await a.client.delete(`/api/servers/${a.server.id}`)).statusCode),
    );
    expect(answers.filter((s) => s === 200)).toHaveLength(1);
    expect(answers.filter((s) => s !== 200).every((s) => s === 409 || s === 404)).toBe(true);
    expect(await row(a.server.id)).toBeUndefined();
  });

  it('deletes on the panel first: kept when the panel is down, gone (and its resources free) when it confirms', async () => {
    const a = await memberWithServer(w);
    const panelId = a.panel()!.id;
    w.sim.failWrites(1);
    const down = await a.client.delete(`/api/servers/${a.server.id}`);
    w.sim.failWrites(0);
    expect(down.json().error_code).toBe('PANEL_UNREACHABLE');
    expect(await row(a.server.id)).toMatchObject({ status: 'installing' });

    expect((await a.client.delete(`/api/servers/${a.server.id}`)).statusCode).toBe(200);
    expect(w.sim.state.servers.some((s) => s.id === panelId)).toBe(false);
    expect(await row(a.server.id)).toBeUndefined();
    const [item] = await w.t.database.db
      .select()
      .from(serverQueue)
      .where(and(eq(serverQueue.userId, a.id), eq(serverQueue.status, 'completed')));
    expect(item?.serverId).toBeNull();
    expect((await a.client.get('/api/servers/requests')).json().free.servers).toBe(1);
  });
});

describe('servers in the admin area', () => {
  it('lists every server with its owner, searchable and filterable, and deletes one (panel first, audited)', async () => {
    const a = await memberWithServer(w);
    const owner = (await w.root.get(`/api/admin/users/${a.id}`)).json().data;
    const page = (await w.root.get(`/api/admin/servers?search=${owner.username}`)).json();
    expect(page).toMatchObject({ total: 1, data: [{ id: a.server.id, owner_username: owner.username }] });
    expect((await w.root.get(`/api/admin/servers?owner_id=${a.id}&status=suspended`)).json().total).toBe(0);
    expect((await w.root.get('/api/admin/servers?sort=-memory&per_page=2')).json().data).toHaveLength(2);
    expect((await w.root.get('/api/admin/servers?sort=owner')).statusCode).toBe(400);
    expect((await w.root.get(`/api/admin/servers/${a.server.id}`)).json().data).toMatchObject({
      name: 'Survival',
      owner_id: a.id,
      panel_server_id: a.panel()!.id,
    });

    expect((await w.root.delete(`/api/admin/servers/${a.server.id}`)).statusCode).toBe(200);
    expect(a.panel()).toBeUndefined();
    expect((await w.root.get(`/api/admin/servers/${a.server.id}`)).statusCode).toBe(404);
    const audit = (await w.root.get(`/api/admin/audit?target_id=${a.server.id}`)).json().data;
    expect(audit[0]).toMatchObject({ action: 'server.delete' });
  });

  it("queues a server for a member, judged by the member's limits and permissions, not the admin's", async () => {
    const a = await memberWithServer(w); // uses the member's one slot
    const full = await w.root.post('/api/admin/server-queue', { ...w.request(), user_id: a.id });
    expect(full.json().error_code).toBe('NO_SERVER_SLOT');

    const u = (await w.root.get(`/api/admin/users/${a.id}`)).json().data;
    await w.root.patch(`/api/admin/users/${a.id}`, { ...roomy, server_limit: 2, updated_at: u.updated_at });
    const vipEgg = (await w.root.get('/api/admin/eggs?search=paper')).json().data[0];
    await w.root.patch(`/api/admin/eggs/${vipEgg.id}`, { vip: true, updated_at: vipEgg.updated_at });
    const vip = await w.root.post('/api/admin/server-queue', { ...w.request(), user_id: a.id });
    expect(vip.json().error_code).toBe('VIP_ONLY');
    const fresh = (await w.root.get(`/api/admin/eggs/${vipEgg.id}`)).json().data;
    await w.root.patch(`/api/admin/eggs/${vipEgg.id}`, { vip: false, updated_at: fresh.updated_at });

    const ok = await w.root.post('/api/admin/server-queue', { ...w.request({ name: 'Gift' }), user_id: a.id });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ user_id: a.id, name: 'Gift', status: 'pending' });
    const item = (await w.root.get(`/api/admin/server-queue/${ok.json().data.id}`)).json();
    expect(item.logs[0].message).toMatch(/^Queued by \S+ for /);
    const unknown = await w.root.post('/api/admin/server-queue', {
      ...w.request(),
      user_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);

    // An egg never linked to the panel's: staff are told why, and nothing is queued.
    const handMade = (
      await w.root.post('/api/admin/eggs', { name: 'Hand-made', category_id: vipEgg.category_id })
    ).json().data;
    const unlinked = await w.root.post('/api/admin/server-queue', {
      ...w.request({ egg_id: handMade.id }),
      user_id: a.id,
    });
    expect(unlinked.statusCode).toBe(409);
    expect(unlinked.json()).toMatchObject({
      error_code: 'EGG_UNAVAILABLE',
      message: expect.stringMatching(/not linked/),
    });
    const items = (await w.root.get('/api/admin/server-queue?per_page=100')).json().data;
    expect(items.filter((i: { egg_id: number }) => i.egg_id === handMade.id)).toHaveLength(0);
  });
});
