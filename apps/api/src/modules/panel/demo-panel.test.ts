import { PterodactylSimulator } from '@hostdeck/pterodactyl-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const catalogue = async (client: TestClient) => {
  const o = (await client.get('/api/servers/options')).json();
  return { panel: o.panel, locations: o.locations.length, categories: o.categories.length, eggs: o.eggs.length };
};

describe('try it with the demo panel', () => {
  it('refuses members', async () => {
    const { client } = await signedUpMember(t.app);
    const res = await client.post('/api/admin/panel/demo');
    expect(res.statusCode).toBe(403);
    expect(await catalogue(client)).toMatchObject({ panel: null, locations: 0, eggs: 0 });
  });

  it('switches the demo panel on and imports its whole catalogue in one step, and a second call duplicates nothing', async () => {
    const staff = await memberWithPermissions(t.app, ['admin.settings.edit']);
    const { client: member } = await signedUpMember(t.app);
    expect(await catalogue(member)).toEqual({ panel: null, locations: 0, categories: 0, eggs: 0 });

    const first = await staff.post('/api/admin/panel/demo');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.locations.created).toBeGreaterThan(0);
    expect(body.categories.created).toBeGreaterThan(0);
    expect(body.eggs.created).toBeGreaterThan(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/system/settings' })).json().settings.demo_panel_enabled,
    ).toBe(true);
    const after = await catalogue(member);
    expect(after.panel).toBe('simulated');
    expect(after.locations).toBeGreaterThanOrEqual(1);
    expect(after.categories).toBeGreaterThanOrEqual(1);
    expect(after.eggs).toBeGreaterThanOrEqual(1);

    const again = (await staff.post('/api/admin/panel/demo')).json();
    expect(again).toEqual({
      success: true,
      locations: { created: 0, updated: body.locations.created },
      categories: { created: 0, updated: body.categories.created },
      eggs: { created: 0, updated: body.eggs.created },
    });
    expect(await catalogue(member)).toEqual(after);
  });

  it('is refused while a real panel is configured', async () => {
    const sim = new PterodactylSimulator({ apiKey: 'ptla_real' });
    await sim.listen();
    try {
      await t.app.ctx.settings.update({ pterodactyl_base_url: sim.url, pterodactyl_api_key: 'ptla_real' });
      const staff = await memberWithPermissions(t.app, ['admin.settings.edit']);
      const res = await staff.post('/api/admin/panel/demo');
      expect(res.statusCode).toBe(409);
      expect(res.json().error_code).toBe('PANEL_ALREADY_CONFIGURED');
    } finally {
      await t.app.ctx.settings.update({ pterodactyl_base_url: null, pterodactyl_api_key: null });
      await sim.close();
    }
  });
});

describe('first-run setup with the demo panel', () => {
  it('creates the administrator and the catalogue in one request', async () => {
    const fresh = await createTestApp();
    try {
      const link = await fresh.app.ctx.auth.issueSetupToken();
      const token = decodeURIComponent(new URL(link!).searchParams.get('token')!);
      const { username, email, password, first_name, last_name } = newMember();
      const admin = new TestClient(fresh.app);
      const res = await admin.post('/api/user/auth/setup', {
        username,
        email,
        password,
        first_name,
        last_name,
        token,
        demo: true,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ success: true, demo_panel: 'ready' });
      expect((await admin.get('/api/user/session')).json().permissions).toContain('admin.root');
      const o = await catalogue(admin);
      expect(o.panel).toBe('simulated');
      expect(Math.min(o.locations, o.categories, o.eggs)).toBeGreaterThanOrEqual(1);
    } finally {
      await fresh.close();
    }
  });
});
