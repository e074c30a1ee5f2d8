import { PterodactylSimulator } from '@hostdeck/pterodactyl-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { serverRequest } from '../../../test/servers.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';

// What is Pelican's own, beside the lifecycle suites that run on both panels (the api-pelican project).
let t: TestApp;
let root: TestClient;
let pelican: PterodactylSimulator;
let pterodactyl: PterodactylSimulator;
beforeAll(async () => {
  t = await createTestApp();
  root = await memberWithPermissions(t.app, ['admin.root'], 8);
  pelican = new PterodactylSimulator({ flavour: 'pelican', apiKey: 'papp_key' });
  pterodactyl = new PterodactylSimulator({ apiKey: 'ptla_key' });
  await Promise.all([pelican.listen(), pterodactyl.listen()]);
});
afterAll(async () => {
  await t.close();
  await Promise.all([pelican.close(), pterodactyl.close()]);
});

const settings = (values: Record<string, unknown>) => root.patch('/api/admin/settings', { values });
const usePelican = () =>
  settings({ panel_flavour: 'pelican', pterodactyl_base_url: pelican.url, pterodactyl_api_key: 'papp_key' });
const list = async (path: string) => (await root.get(`/api/admin/${path}`)).json().data;

describe('connecting Pelican', () => {
  it('names the software and version found, and counts node tags and egg tags', async () => {
    expect((await usePelican()).statusCode).toBe(200);
    const res = await root.post('/api/admin/panel/test');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      kind: 'pelican',
      flavour: 'pelican',
      version: '1.0.0-beta26 or later',
      locations: 3, // eu, europe, us
      nodes: 2,
      categories: 3, // minecraft, rust, and the untagged eggs
      eggs: 4,
    });
    // Rate limit 0 is the panel's own default: 256 on Pelican.
    expect(t.app.ctx.panel.rateLimit()).toBe(256);
  });

  it('refuses a panel of the other software, naming what it found, both ways', async () => {
    await settings({ panel_flavour: 'pterodactyl' });
    const wrong = await root.post('/api/admin/panel/test');
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ error_code: 'PANEL_FLAVOUR_MISMATCH' });
    expect(wrong.json().message).toContain('The panel at this address is Pelican');
    // The health page says the setting is wrong, rather than that the panel is down.
    const health = (await root.get('/api/admin/health')).json();
    expect(health.checks.find((c: { key: string }) => c.key === 'panel')).toMatchObject({
      state: 'red',
      reason: 'panel.flavour_mismatch',
    });

    await settings({
      panel_flavour: 'pelican',
      pterodactyl_base_url: pterodactyl.url,
      pterodactyl_api_key: 'ptla_key',
    });
    const other = await root.post('/api/admin/panel/test');
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toContain('The panel at this address is Pterodactyl');
    expect(t.app.ctx.panel.rateLimit()).toBe(256);
    await settings({ panel_flavour: 'pterodactyl' });
    expect((await root.post('/api/admin/panel/test')).json()).toMatchObject({ flavour: 'pterodactyl', version: '1.x' });
    expect(t.app.ctx.panel.rateLimit()).toBe(240);
  });
});

describe('the catalogue from Pelican', () => {
  it('makes a location per node tag and a category per egg tag, and a second import adds nothing', async () => {
    await usePelican();
    for (const path of ['locations', 'egg-categories', 'eggs'])
      expect((await root.post(`/api/admin/${path}/import`)).json().created).toBeGreaterThan(0);
    const locations = await list('locations');
    expect(locations.map((l: { name: string; panel_node_tags: string[] }) => [l.name, l.panel_node_tags])).toEqual([
      ['eu', ['eu']],
      ['europe', ['europe']],
      ['us', ['us']],
    ]);
    expect(locations.every((l: { panel_location_id: null }) => l.panel_location_id === null)).toBe(true);
    const categories = await list('egg-categories');
    const byTag = Object.fromEntries(categories.map((c: { panel_egg_tag: string }) => [c.panel_egg_tag, c]));
    expect(byTag).toMatchObject({
      minecraft: { name: 'Minecraft', eggs: 2, panel_nest_id: null },
      rust: { name: 'Rust', eggs: 1 },
      '': { name: 'Other', eggs: 1 },
    });
    const eggs = await list('eggs');
    expect(eggs.find((e: { name: string }) => e.name === 'Generic SteamCMD').category_id).toBe(byTag['']!.id);

    // Staff rename a tag's location; a re-import keeps the name and creates nothing.
    const us = locations.find((l: { name: string }) => l.name === 'us');
    await root.patch(`/api/admin/locations/${us.id}`, { name: 'North America', updated_at: us.updated_at });
    for (const path of ['locations', 'egg-categories', 'eggs'])
      expect((await root.post(`/api/admin/${path}/import`)).json().created).toBe(0);
    expect((await list('locations')).map((l: { name: string }) => l.name)).toContain('North America');
  });

  it('builds a server on a node carrying the location tag, with a port, and the account has no names', async () => {
    const locations = await list('locations');
    const us = locations.find((l: { panel_node_tags: string[] }) => l.panel_node_tags.includes('us'));
    const egg = (await list('eggs')).find((e: { name: string }) => e.name === 'Paper');
    const { client, id } = await signedUpMember(t.app);
    const queued = await client.post('/api/servers/requests', serverRequest(us.id, egg.id));
    expect(queued.statusCode, queued.body).toBe(201);
    expect(await t.app.ctx.serverQueue.runOnce()).toBe(1);
    const onPanel = pelican.state.servers.find((s) => s.external_id === queued.json().data.id);
    const usNode = pelican.state.nodes.find((n) => n.name.startsWith('us'))!;
    expect(onPanel).toMatchObject({ node: usNode.id });
    expect(onPanel?.allocation).not.toBeNull();
    const account = pelican.state.users.find((u) => u.external_id === id);
    expect(account).toBeDefined();
    expect(account).not.toHaveProperty('first_name');
    expect((await client.get('/api/servers')).json()).toMatchObject({ panel: 'pelican', data: [{ name: 'Survival' }] });
  });

  it('refuses a location tag no node carries with the panel’s own words', async () => {
    const made = await root.post('/api/admin/locations', { name: 'Mars', panel_node_tags: ['mars'] });
    expect(made.statusCode, made.body).toBe(201);
    const egg = (await list('eggs')).find((e: { name: string }) => e.name === 'Paper');
    const { client } = await signedUpMember(t.app);
    const queued = await client.post('/api/servers/requests', serverRequest(made.json().data.id, egg.id));
    await t.app.ctx.serverQueue.runOnce();
    const request = (await client.get('/api/servers/requests')).json().data[0];
    expect(request).toMatchObject({ id: queued.json().data.id, status: 'failed' });
    expect(request.last_error).toMatch(/^PANEL_REFUSED: The panel refused the build: No nodes satisfying/);
  });
});

describe('switching the software', () => {
  it('is refused while servers live on the panel, with the count, and nothing changes', async () => {
    const res = await settings({ panel_flavour: 'pterodactyl' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error_code: 'PANEL_FLAVOUR_LOCKED' });
    expect(res.json().fields.panel_flavour).toMatch(/^1 server\(s\) live on or wait for the current Pelican panel/);
    expect(t.app.ctx.panel.flavour()).toBe('pelican');
  });

  it('is allowed once none are left, and the demo panel then simulates the chosen software', async () => {
    const fresh = await createTestApp();
    try {
      const staff = await memberWithPermissions(fresh.app, ['admin.root'], 8);
      await staff.patch('/api/admin/settings', { values: { panel_flavour: 'pelican', demo_panel_enabled: true } });
      expect((await staff.post('/api/admin/panel/test')).json()).toMatchObject({
        kind: 'simulated',
        flavour: 'pelican',
      });
      await staff.patch('/api/admin/settings', { values: { panel_flavour: 'pterodactyl' } });
      expect((await staff.post('/api/admin/panel/test')).json()).toMatchObject({
        kind: 'simulated',
        flavour: 'pterodactyl',
      });
    } finally {
      await fresh.close();
    }
  });
});
