import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { makeCatalogue, serverRequest } from '../../../test/servers.ts';
import { memberWithPermissions } from '../../../test/users.ts';
import { serverQueue } from '../../db/schema/index.ts';

let t: TestApp;
let root: TestClient;
let location: { id: number };
let egg: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.settings.update({ demo_panel_enabled: true }); // a panel to build on: requests need one
  root = await memberWithPermissions(t.app, ['admin.root'], 8);
  const catalogue = await makeCatalogue(root);
  location = { id: catalogue.locationId };
  egg = { id: catalogue.eggId };
});
afterAll(() => t.close());

const request = (over: Record<string, unknown> = {}) => serverRequest(location.id, egg.id, over);

async function member(limits: Record<string, number> = {}) {
  const client = new TestClient(t.app);
  await client.post('/api/user/auth/register', newMember());
  const id = (await client.get('/api/user/session')).json().user_info.uuid as string;
  if (Object.keys(limits).length) {
    const u = (await root.get(`/api/admin/users/${id}`)).json().data;
    await root.patch(`/api/admin/users/${id}`, { ...limits, updated_at: u.updated_at });
  }
  return { client, id };
}
const queued = async (userId: string) => t.database.db.select().from(serverQueue).where(eq(serverQueue.userId, userId));

describe('server requests', () => {
  it('queues a request within the free resources and shows what is left', async () => {
    const m = await member();
    const res = await m.client.post('/api/servers/requests', request());
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'pending', memory: 512, location_id: location.id });
    const mine = (await m.client.get('/api/servers/requests')).json();
    expect(mine.data).toHaveLength(1);
    expect(mine.free).toMatchObject({ memory: 1024 - 512, cpu: 50, servers: 0 });
  });

  it('refuses, with a clear code and nothing queued: no slot, too much, disabled feature, VIP, offline, disabled or unlinked egg, full location', async () => {
    const m = await member();
    const tooBig = await m.client.post('/api/servers/requests', request({ memory: 4096, disk: 99_999 }));
    expect(tooBig.json()).toMatchObject({
      error_code: 'INSUFFICIENT_RESOURCES',
      fields: { memory: 'Only 1024 left', disk: 'Only 5120 left' },
    });
    expect((await m.client.post('/api/servers/requests', request({ memory: 64 }))).json().fields).toHaveProperty(
      'memory',
    );

    await t.app.ctx.settings.update({ allow_servers: false });
    expect((await m.client.post('/api/servers/requests', request())).json().error_code).toBe('FEATURE_DISABLED');
    await t.app.ctx.settings.update({ allow_servers: null });

    const vipLocation = (await root.post('/api/admin/locations', { name: 'VIP lounge', vip: true })).json().data;
    expect(
      (await m.client.post('/api/servers/requests', request({ location_id: vipLocation.id }))).json().error_code,
    ).toBe('VIP_ONLY');
    const offline = (await root.post('/api/admin/locations', { name: 'Closed', status: 'maintenance' })).json().data;
    expect((await m.client.post('/api/servers/requests', request({ location_id: offline.id }))).json().error_code).toBe(
      'LOCATION_UNAVAILABLE',
    );
    const disabled = (
      await root.post('/api/admin/eggs', {
        name: 'Old',
        category_id: (await root.get(`/api/admin/eggs/${egg.id}`)).json().data.category_id,
        enabled: false,
      })
    ).json().data;
    expect((await m.client.post('/api/servers/requests', request({ egg_id: disabled.id }))).json().error_code).toBe(
      'EGG_UNAVAILABLE',
    );
    // Made by hand and never linked to a panel egg: not offered, refused (it could only fail in the worker).
    const unlinked = (
      await root.post('/api/admin/eggs', {
        name: 'Hand-made',
        category_id: (await root.get(`/api/admin/eggs/${egg.id}`)).json().data.category_id,
      })
    ).json().data;
    const offered = (await m.client.get('/api/servers/options')).json().eggs.map((e: { id: number }) => e.id);
    expect(offered).toContain(egg.id);
    expect(offered).not.toContain(unlinked.id);
    expect((await m.client.post('/api/servers/requests', request({ egg_id: unlinked.id }))).json()).toMatchObject({
      error_code: 'EGG_UNAVAILABLE',
      fields: { egg_id: 'This server type is not available' },
    });
    const tiny = (await root.post('/api/admin/locations', { name: 'Tiny', slots: 0 })).json().data;
    expect((await m.client.post('/api/servers/requests', request({ location_id: tiny.id }))).json().error_code).toBe(
      'LOCATION_FULL',
    );
    expect(await queued(m.id)).toHaveLength(0);

    await m.client.post('/api/servers/requests', request());
    expect((await m.client.post('/api/servers/requests', request())).json().error_code).toBe('NO_SERVER_SLOT');
    expect(await queued(m.id)).toHaveLength(1);
  });

  it('refuses with PANEL_NOT_CONFIGURED, queueing nothing, while no game panel is connected', async () => {
    const m = await member();
    await t.app.ctx.settings.update({ demo_panel_enabled: false });
    try {
      const res = await m.client.post('/api/servers/requests', request());
      expect(res.statusCode).toBe(409);
      expect(res.json().error_code).toBe('PANEL_NOT_CONFIGURED');
      expect(await queued(m.id)).toEqual([]);
    } finally {
      await t.app.ctx.settings.update({ demo_panel_enabled: true });
    }
    expect((await m.client.post('/api/servers/requests', request())).statusCode).toBe(201);
  });

  it('lets a VIP member use VIP locations', async () => {
    const vip = await memberWithPermissions(t.app, ['user.permission.vip'], 1);
    const vipLocation = (await root.post('/api/admin/locations', { name: 'VIP hall', vip: true })).json().data;
    expect((await vip.post('/api/servers/requests', request({ location_id: vipLocation.id }))).statusCode).toBe(201);
  });

  it('never exceeds limits under 50 parallel requests: exactly 3 queued for 3 slots', async () => {
    const m = await member({
      server_limit: 3,
      memory_limit: 100_000,
      cpu_limit: 10_000,
      disk_limit: 1_000_000,
      allocation_limit: 100,
    });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => m.client.post('/api/servers/requests', request())),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode !== 201).every((r) => r.json().error_code === 'NO_SERVER_SLOT')).toBe(
      true,
    );
    expect(await queued(m.id)).toHaveLength(3);
  });
});
