import { PterodactylSimulator } from '@hostdeck/pterodactyl-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { memberWithPermissions } from '../../../test/users.ts';

let t: TestApp;
let admin: TestClient;
let sim: PterodactylSimulator;
beforeAll(async () => {
  t = await createTestApp();
  admin = await memberWithPermissions(t.app, ['admin.settings.edit', 'admin.settings.view']);
  sim = new PterodactylSimulator({ apiKey: 'ptla_real_key' });
  await sim.listen();
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('panel connection', () => {
  it('says clearly when no panel is configured', async () => {
    const res = await admin.post('/api/admin/panel/test');
    expect(res.statusCode).toBe(409);
    expect(res.json().error_code).toBe('PANEL_NOT_CONFIGURED');
  });

  it('tests the demo panel, clearly labelled as simulated', async () => {
    await admin.patch('/api/admin/settings', { values: { demo_panel_enabled: true } });
    const res = await admin.post('/api/admin/panel/test');
    expect(res.json()).toMatchObject({ success: true, kind: 'simulated', locations: 2, nodes: 2, categories: 2 });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/system/settings' })).json().settings.demo_panel_enabled,
    ).toBe(true);
  });

  it('uses a configured panel first, keeps its key write-only, and reports a refused key or an unreachable panel', async () => {
    await admin.patch('/api/admin/settings', {
      values: { pterodactyl_base_url: sim.url, pterodactyl_api_key: 'ptla_real_key' },
    });
    expect((await admin.post('/api/admin/panel/test')).json()).toMatchObject({
      success: true,
      kind: 'pterodactyl',
      locations: 2,
    });
    expect((await admin.get('/api/admin/settings')).body).not.toContain('ptla_real_key');

    await admin.patch('/api/admin/settings', { values: { pterodactyl_api_key: 'ptla_wrong' } });
    const refused = await admin.post('/api/admin/panel/test');
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error_code).toBe('PANEL_AUTH_FAILED');

    await admin.patch('/api/admin/settings', {
      values: { pterodactyl_base_url: 'http://127.0.0.1:1', pterodactyl_api_key: 'ptla_real_key' },
    });
    const down = await admin.post('/api/admin/panel/test');
    expect(down.json().error_code).toBe('PANEL_UNREACHABLE');
  });
});
