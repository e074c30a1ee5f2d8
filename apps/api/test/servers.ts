import type { MemberServer } from '@hostdeck/contracts';
import type { PterodactylSimulator } from '@hostdeck/pterodactyl-sim';
import { createTestApp, type TestApp } from './app.ts';
import { newMember, TestClient } from './client.ts';
import { panelSettings, panelSimulator } from './panel-flavour.ts';
import { memberWithPermissions } from './users.ts';

/** A valid server request body for a location and egg (the smallest resources most tests need). */
export function serverRequest(locationId: number, eggId: number, over: Record<string, unknown> = {}) {
  return {
    name: 'Survival',
    location_id: locationId,
    egg_id: eggId,
    memory: 512,
    cpu: 50,
    disk: 1024,
    ports: 1,
    databases: 0,
    backups: 0,
    ...over,
  };
}

let handMadeEggs = 0;

/** A location, a category and an egg (linked to a panel egg) made through the admin API by an account holding admin.root. */
export async function makeCatalogue(
  root: TestClient,
): Promise<{ locationId: number; categoryId: number; eggId: number }> {
  const location = (await root.post('/api/admin/locations', { name: 'Frankfurt' })).json().data;
  const category = (await root.post('/api/admin/egg-categories', { name: 'Minecraft' })).json().data;
  // Linked to a panel egg, as an imported one is: an egg without that link is never offered or queued.
  // Far above a simulator's ids, so an import in the same test does not meet it.
  const panelEggId = 1_000_000 + ++handMadeEggs;
  const egg = (
    await root.post('/api/admin/eggs', { name: 'Paper', category_id: category.id, panel_egg_id: panelEggId })
  ).json().data;
  return { locationId: location.id, categoryId: category.id, eggId: egg.id };
}

/** A test app connected to a fresh simulated panel (of the run's flavour) whose catalogue an Administrator has imported. */
export async function simulatedPanelApp(): Promise<PanelWorld> {
  const t = await createTestApp();
  const sim = panelSimulator();
  await sim.listen();
  await t.app.ctx.settings.update(panelSettings(sim));
  const root = await memberWithPermissions(t.app, ['admin.root'], 8);
  for (const path of ['locations', 'egg-categories', 'eggs']) await root.post(`/api/admin/${path}/import`);
  const location = (await root.get('/api/admin/locations?search=europe')).json().data[0];
  const egg = (await root.get('/api/admin/eggs?search=paper')).json().data[0];
  return {
    t,
    sim,
    root,
    request: (over = {}) => serverRequest(location.id, egg.id, over),
    close: async () => {
      await t.close();
      await sim.close();
    },
  };
}
export interface PanelWorld {
  t: TestApp;
  sim: PterodactylSimulator;
  root: TestClient;
  request: (over?: Record<string, unknown>) => ReturnType<typeof serverRequest>;
  close(): Promise<void>;
}

/** A new member (with optional limits set by the Administrator) whose first server the worker has built. */
export async function memberWithServer(w: PanelWorld, limits: Record<string, number> = {}) {
  const client = new TestClient(w.t.app);
  await client.post('/api/user/auth/register', newMember());
  const id = (await client.get('/api/user/session')).json().user_info.uuid as string;
  if (Object.keys(limits).length) {
    const u = (await w.root.get(`/api/admin/users/${id}`)).json().data;
    await w.root.patch(`/api/admin/users/${id}`, { ...limits, updated_at: u.updated_at });
  }
  const queued = await client.post('/api/servers/requests', w.request());
  if (queued.statusCode !== 201) throw new Error(`request refused: ${queued.body}`);
  await w.t.app.ctx.serverQueue.runOnce();
  const server = (await client.get('/api/servers')).json().data[0] as MemberServer;
  return { client, id, server, panel: () => w.sim.state.servers.find((s) => s.external_id === queued.json().data.id) };
}
