import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { makeCatalogue } from '../../../test/servers.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { serverQueue, servers } from '../../db/schema/index.ts';

let t: TestApp;
let root: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  root = await memberWithPermissions(t.app, ['admin.root'], 8);
});
afterAll(() => t.close());

describe('generic CRUD on locations, egg categories and eggs', () => {
  it('sorts names as a person reads them, capitals or not, both ways', async () => {
    const names = ['beta sort', 'Alpha sort', 'gamma sort', 'Delta sort'];
    for (const name of names) expect((await root.post('/api/admin/locations', { name })).statusCode).toBe(201);
    const listed = async (sort: string) =>
      ((await root.get(`/api/admin/locations?sort=${sort}&search=sort&per_page=100`)).json().data as { name: string }[])
        .map((l) => l.name)
        .filter((n) => names.includes(n));
    expect(await listed('name')).toEqual(['Alpha sort', 'beta sort', 'Delta sort', 'gamma sort']);
    expect(await listed('-name')).toEqual(['gamma sort', 'Delta sort', 'beta sort', 'Alpha sort']);
  });

  it('creates with defaults, updates only what is sent, refuses stale copies and unknown fields', async () => {
    const created = await root.post('/api/admin/locations', { name: 'Frankfurt', slots: 50 });
    expect(created.statusCode).toBe(201);
    const loc = created.json().data;
    expect(loc).toMatchObject({ name: 'Frankfurt', slots: 50, vip: false, status: 'online', icon: null });
    const patched = await root.patch(`/api/admin/locations/${loc.id}`, { vip: true, updated_at: loc.updated_at });
    expect(patched.json().data).toMatchObject({ name: 'Frankfurt', slots: 50, vip: true });
    expect(
      (await root.patch(`/api/admin/locations/${loc.id}`, { vip: false, updated_at: loc.updated_at })).json()
        .error_code,
    ).toBe('STALE_RECORD');
    expect((await root.post('/api/admin/locations', { name: 'X', colour: 'red' })).json().error_code).toBe(
      'VALIDATION_ERROR',
    );
    expect(
      (await root.post('/api/admin/locations', { name: 'X', icon: 'javascript:alert(1)' })).json().fields,
    ).toHaveProperty('icon');
    const list = (await root.get('/api/admin/locations?vip=true')).json();
    expect(list.data.map((l: { name: string }) => l.name)).toEqual(['Frankfurt']);
  });

  it('keeps a category with eggs, and refuses an egg in a category that does not exist', async () => {
    const category = (await root.post('/api/admin/egg-categories', { name: 'Minecraft' })).json().data;
    const egg = await root.post('/api/admin/eggs', {
      name: 'Paper',
      category_id: category.id,
      docker_image: 'ghcr.io/pterodactyl/yolks:java_21',
    });
    expect(egg.statusCode).toBe(201);
    expect((await root.get(`/api/admin/egg-categories/${category.id}`)).json().data.eggs).toBe(1);
    const del = await root.request({ method: 'DELETE', url: `/api/admin/egg-categories/${category.id}` });
    expect(del.statusCode).toBe(409);
    expect(del.json().error_code).toBe('IN_USE');
    const orphan = await root.post('/api/admin/eggs', { name: 'Lost', category_id: 999_999 });
    expect(orphan.json()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { category_id: 'There is no such category' },
    });
  });
});

describe('import from the panel', () => {
  it('needs a panel, then creates locations, categories and eggs and re-syncs them, keeping Hostdeck choices', async () => {
    expect((await root.post('/api/admin/locations/import')).json().error_code).toBe('PANEL_NOT_CONFIGURED');
    await t.app.ctx.settings.update({ demo_panel_enabled: true });
    expect((await root.post('/api/admin/locations/import')).json()).toEqual({ success: true, created: 2, updated: 0 });
    expect((await root.post('/api/admin/egg-categories/import')).json()).toEqual({
      success: true,
      created: 2,
      updated: 0,
    });
    expect((await root.post('/api/admin/eggs/import')).json()).toEqual({ success: true, created: 3, updated: 0 });

    const paper = (await root.get('/api/admin/eggs?search=paper'))
      .json()
      .data.find((e: { panel_egg_id: number | null }) => e.panel_egg_id !== null);
    expect(paper.variables.map((v: { env: string }) => v.env)).toEqual(['SERVER_JARFILE', 'BUILD_NUMBER']);
    expect(paper.docker_image).toBe('ghcr.io/pterodactyl/yolks:java_21');
    await root.patch(`/api/admin/eggs/${paper.id}`, {
      vip: true,
      name: 'Paper (local name)',
      updated_at: paper.updated_at,
    });

    expect((await root.post('/api/admin/locations/import')).json()).toEqual({ success: true, created: 0, updated: 2 });
    expect((await root.post('/api/admin/egg-categories/import')).json()).toEqual({
      success: true,
      created: 0,
      updated: 2,
    });
    expect((await root.post('/api/admin/eggs/import')).json()).toEqual({ success: true, created: 0, updated: 3 });
    const again = (await root.get(`/api/admin/eggs/${paper.id}`)).json().data;
    expect(again).toMatchObject({ vip: true, name: 'Paper' });
  });

  it('answers 409 IN_USE, not a data error, for a location or egg that servers still refer to', async () => {
    const { locationId, eggId } = await makeCatalogue(root);
    const owner = await signedUpMember(t.app);
    await t.database.db.insert(servers).values({
      ownerId: owner.id,
      name: 'Holder',
      locationId,
      eggId,
      memory: 128,
      cpu: 10,
      disk: 256,
      ports: 1,
      databases: 0,
      backups: 0,
      status: 'active',
    });
    for (const url of [`/api/admin/locations/${locationId}`, `/api/admin/eggs/${eggId}`]) {
      const res = await root.delete(url);
      expect([res.statusCode, res.json().error_code], url).toEqual([409, 'IN_USE']);
    }
  });

  it('keeps a location or egg an open request needs; the history of finished requests does not keep them', async () => {
    const { locationId, eggId } = await makeCatalogue(root);
    const owner = await signedUpMember(t.app);
    const item = (status: 'pending' | 'completed' | 'failed') => ({
      userId: owner.id,
      name: status,
      locationId,
      eggId,
      ...{ memory: 128, cpu: 10, disk: 256, ports: 1, databases: 0, backups: 0 },
      status,
    });
    const [open] = await t.database.db.insert(serverQueue).values(item('pending')).returning();
    await t.database.db.insert(serverQueue).values([item('completed'), item('failed')]);
    for (const url of [`/api/admin/locations/${locationId}`, `/api/admin/eggs/${eggId}`]) {
      const res = await root.delete(url);
      expect(res.json(), url).toMatchObject({ error_code: 'IN_USE', message: expect.stringMatching(/still queued/) });
    }
    await t.database.db.update(serverQueue).set({ status: 'failed' }).where(eq(serverQueue.id, open!.id));
    expect((await root.delete(`/api/admin/eggs/${eggId}`)).json()).toEqual({ success: true });
    expect((await root.delete(`/api/admin/locations/${locationId}`)).json()).toEqual({ success: true });
    expect(await t.database.db.select().from(serverQueue).where(eq(serverQueue.userId, owner.id))).toEqual([]);
  });
});
