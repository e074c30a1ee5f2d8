import { PterodactylSimulator } from '@hostdeck/pterodactyl-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { TestClient } from '../../../test/client.ts';
import { testConfig } from '../../../test/config.ts';
import { makeCatalogue } from '../../../test/servers.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { type BuiltApp, buildApp } from '../../app.ts';
import { servers } from '../../db/schema/index.ts';

/**
 * The catalogue (locations, categories, eggs) is read from memory by the member pages; every write to it
 * drops the copy on every instance that shares the bus. Three instances on one database: the test's,
 * one sharing its bus, and one with a bus of its own (which keeps its copy: the bus is what carries it).
 */
let t: TestApp;
let shared: BuiltApp;
let separate: BuiltApp;
let root: TestClient;
let catalogue: { locationId: number; categoryId: number; eggId: number };
let member: { id: string; onShared: TestClient; onSeparate: TestClient };

beforeAll(async () => {
  t = await createTestApp();
  shared = await buildApp(testConfig(), { database: t.database, bus: t.app.ctx.bus, logger: false });
  separate = await buildApp(testConfig(), { database: t.database, logger: false });
  root = await memberWithPermissions(t.app, ['admin.root'], 8);
  catalogue = await makeCatalogue(root);
  const m = await signedUpMember(t.app);
  const onShared = new TestClient(shared);
  const onSeparate = new TestClient(separate);
  onShared.cookies = new Map(m.client.cookies);
  onSeparate.cookies = new Map(m.client.cookies);
  member = { id: m.id, onShared, onSeparate };
});
afterAll(async () => {
  await shared?.close();
  await separate?.close();
  await t?.close();
});

type Options = { locations: { id: number; name: string }[]; eggs: { id: number; name: string }[] };
const options = async (client: TestClient) => {
  const res = await client.get('/api/servers/options');
  expect(res.statusCode).toBe(200);
  return res.json() as Options;
};
const names = (o: Options) => ({ locations: o.locations.map((l) => l.name), eggs: o.eggs.map((e) => e.name) });

describe('the catalogue in memory', () => {
  it('follows a change made on another instance at once through the bus, and only through it', async () => {
    // Both instances have now read (and kept) the catalogue.
    const before = { locations: ['Frankfurt'], eggs: ['Paper'] };
    expect(names(await options(member.onShared))).toEqual(before);
    expect(names(await options(member.onSeparate))).toEqual(before);

    const location = (await root.get(`/api/admin/locations/${catalogue.locationId}`)).json().data;
    const renamed = await root.patch(`/api/admin/locations/${catalogue.locationId}`, {
      name: 'Frankfurt am Main',
      updated_at: location.updated_at,
    });
    expect(renamed.statusCode).toBe(200);
    expect((await root.post('/api/admin/locations', { name: 'Amsterdam' })).statusCode).toBe(201);
    const egg = (await root.get(`/api/admin/eggs/${catalogue.eggId}`)).json().data;
    await root.patch(`/api/admin/eggs/${catalogue.eggId}`, { enabled: false, updated_at: egg.updated_at });

    const after = { locations: ['Amsterdam', 'Frankfurt am Main'], eggs: [] };
    expect(names(await options(member.onShared))).toEqual(after);
    // Without the bus an instance keeps the copy it read: the bus is what makes the change immediate.
    expect(names(await options(member.onSeparate))).toEqual(before);

    const gone = (await root.post('/api/admin/locations', { name: 'Short-lived' })).json().data;
    expect(names(await options(member.onShared)).locations).toContain('Short-lived');
    expect((await root.delete(`/api/admin/locations/${gone.id}`)).statusCode).toBe(200);
    expect(names(await options(member.onShared)).locations).not.toContain('Short-lived');

    const fresh = await root.get(`/api/admin/eggs/${catalogue.eggId}`);
    await root.patch(`/api/admin/eggs/${catalogue.eggId}`, { enabled: true, updated_at: fresh.json().data.updated_at });
    expect(names(await options(member.onShared)).eggs).toEqual(['Paper']);
  });

  it("names a member's servers from the catalogue, renamed at once", async () => {
    await t.database.db.insert(servers).values({
      ownerId: member.id,
      name: 'Survival',
      locationId: catalogue.locationId,
      eggId: catalogue.eggId,
      memory: 512,
      cpu: 50,
      disk: 1024,
      ports: 1,
      databases: 0,
      backups: 0,
      status: 'active',
    });
    const list = async () => (await member.onShared.get('/api/servers')).json().data[0];
    const egg = (await root.get(`/api/admin/eggs/${catalogue.eggId}`)).json().data;
    expect(await list()).toMatchObject({ name: 'Survival', egg_name: egg.name, location_id: catalogue.locationId });

    await root.patch(`/api/admin/eggs/${catalogue.eggId}`, { name: 'Paper 1.21', updated_at: egg.updated_at });
    const location = (await root.get(`/api/admin/locations/${catalogue.locationId}`)).json().data;
    await root.patch(`/api/admin/locations/${catalogue.locationId}`, {
      name: 'Berlin',
      updated_at: location.updated_at,
    });
    expect(await list()).toMatchObject({ egg_name: 'Paper 1.21', location_name: 'Berlin' });
  });

  it('is dropped by an import from the panel', async () => {
    const sim = new PterodactylSimulator({ apiKey: 'ptla_key' });
    await sim.listen();
    try {
      await t.app.ctx.settings.update({ pterodactyl_base_url: sim.url, pterodactyl_api_key: 'ptla_key' });
      const known = (await options(member.onShared)).locations.map((l) => l.name);
      expect((await root.post('/api/admin/locations/import')).statusCode).toBe(200);
      const imported = (await options(member.onShared)).locations.map((l) => l.name);
      expect(imported.length).toBeGreaterThan(known.length);

      // A location made on the panel after the first import arrives with the next one.
      const at = new Date().toISOString();
      sim.state.locations.push({ id: 9001, short: 'Reykjavik', long: null, created_at: at, updated_at: at });
      expect((await root.post('/api/admin/locations/import')).statusCode).toBe(200);
      expect((await options(member.onShared)).locations.map((l) => l.name)).toContain('Reykjavik');
    } finally {
      await t.app.ctx.settings.update({ pterodactyl_base_url: null, pterodactyl_api_key: null });
      await sim.close();
    }
  });

  it('is dropped by the one-step demo panel', async () => {
    const known = (await options(member.onShared)).eggs.length;
    expect((await root.post('/api/admin/panel/demo')).statusCode).toBe(200);
    expect((await options(member.onShared)).eggs.length).toBeGreaterThan(known);
  });
});
