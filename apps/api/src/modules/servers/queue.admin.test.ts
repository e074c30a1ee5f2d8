import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { makeCatalogue, serverRequest } from '../../../test/servers.ts';
import { memberWithPermissions } from '../../../test/users.ts';
import { serverQueue } from '../../db/schema/index.ts';

let t: TestApp;
let root: TestClient;
let body: Record<string, unknown>;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.settings.update({ demo_panel_enabled: true }); // a panel to build on: requests need one
  root = await memberWithPermissions(t.app, ['admin.root'], 8);
  const { locationId, eggId } = await makeCatalogue(root);
  body = serverRequest(locationId, eggId);
});
afterAll(() => t.close());

async function request() {
  const c = new TestClient(t.app);
  await c.post('/api/user/auth/register', newMember());
  return { c, id: (await c.post('/api/servers/requests', body)).json().data.id as string };
}

describe('server queue in the admin area', () => {
  it('lists with a status filter, shows an item with its log lines, and all logs as text', async () => {
    const { id } = await request();
    const list = (await root.get('/api/admin/server-queue?status=pending')).json();
    expect(list.data.map((i: { id: string }) => i.id)).toContain(id);
    expect(list.data[0].username).toMatch(/^member_/);
    expect((await root.get('/api/admin/server-queue?status=completed')).json().data).toEqual([]);
    expect((await root.get('/api/admin/server-queue?status=lost')).statusCode).toBe(400);
    // The list's search box: by the member or the server's name.
    const username = list.data.find((i: { id: string }) => i.id === id).username as string;
    const found = (await root.get(`/api/admin/server-queue?search=${username.toUpperCase()}`)).json();
    expect(found.data.map((i: { id: string }) => i.id)).toEqual([id]);
    expect(found.total).toBe(1);
    expect((await root.get('/api/admin/server-queue?search=no-such-thing')).json().total).toBe(0);
    const one = (await root.get(`/api/admin/server-queue/${id}`)).json();
    expect(one.logs[0].message).toMatch(/^Queued by member_/);
    const logs = (await root.get('/api/admin/server-queue/logs')).json();
    expect(logs.total).toBeGreaterThan(0);
  });

  it('retries only failed items and removes only pending or failed ones, freeing the reservation', async () => {
    const { c, id } = await request();
    expect((await root.post(`/api/admin/server-queue/${id}/retry`)).json().error_code).toBe('IN_USE');
    await t.database.db
      .update(serverQueue)
      .set({ status: 'failed', attempts: 6, lastError: 'boom' })
      .where(eq(serverQueue.id, id));
    const retried = (await root.post(`/api/admin/server-queue/${id}/retry`)).json().data;
    expect(retried).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await c.get('/api/servers/requests')).json().free.servers).toBe(0);
    expect((await root.request({ method: 'DELETE', url: `/api/admin/server-queue/${id}` })).json()).toEqual({
      success: true,
    });
    expect((await c.get('/api/servers/requests')).json().free.servers).toBe(1);
    const other = await request();
    await t.database.db.update(serverQueue).set({ status: 'building' }).where(eq(serverQueue.id, other.id));
    expect(
      (await root.request({ method: 'DELETE', url: `/api/admin/server-queue/${other.id}` })).json().error_code,
    ).toBe('IN_USE');
  });

  it('retries a failed request only while it still fits the member’s limits (its room was given back when it failed)', async () => {
    const { c, id } = await request(); // the member's one server slot
    await t.database.db.update(serverQueue).set({ status: 'failed', lastError: 'boom' }).where(eq(serverQueue.id, id));
    expect((await c.post('/api/servers/requests', body)).statusCode).toBe(201); // the slot, used again
    const refused = await root.post(`/api/admin/server-queue/${id}/retry`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error_code: 'NO_SERVER_SLOT',
      message: 'The member has no free server slot',
    });
    expect((await t.database.db.select().from(serverQueue).where(eq(serverQueue.id, id)))[0]?.status).toBe('failed');
    expect((await c.get('/api/servers/requests')).json().free.servers).toBe(0);
  });

  it('retries a failed request only where a new one could go: not into a location in maintenance nor on an egg switched off', async () => {
    const { locationId, eggId } = await makeCatalogue(root);
    const c = new TestClient(t.app);
    await c.post('/api/user/auth/register', newMember());
    const id = (await c.post('/api/servers/requests', serverRequest(locationId, eggId))).json().data.id as string;
    await t.database.db.update(serverQueue).set({ status: 'failed', lastError: 'boom' }).where(eq(serverQueue.id, id));
    const location = (await root.get(`/api/admin/locations/${locationId}`)).json().data;
    await root.patch(`/api/admin/locations/${locationId}`, { status: 'maintenance', updated_at: location.updated_at });
    const inMaintenance = await root.post(`/api/admin/server-queue/${id}/retry`);
    expect(inMaintenance.json().error_code).toBe('LOCATION_UNAVAILABLE');
    const back = (await root.get(`/api/admin/locations/${locationId}`)).json().data;
    await root.patch(`/api/admin/locations/${locationId}`, { status: 'online', updated_at: back.updated_at });
    const egg = (await root.get(`/api/admin/eggs/${eggId}`)).json().data;
    await root.patch(`/api/admin/eggs/${eggId}`, { enabled: false, updated_at: egg.updated_at });
    expect((await root.post(`/api/admin/server-queue/${id}/retry`)).json().error_code).toBe('EGG_UNAVAILABLE');
    expect((await t.database.db.select().from(serverQueue).where(eq(serverQueue.id, id)))[0]?.status).toBe('failed');
  });
});
