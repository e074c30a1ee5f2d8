import type { TestClient } from './client.ts';

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

/** A location, a category and an egg made through the admin API by an account holding admin.root. */
export async function makeCatalogue(
  root: TestClient,
): Promise<{ locationId: number; categoryId: number; eggId: number }> {
  const location = (await root.post('/api/admin/locations', { name: 'Frankfurt' })).json().data;
  const category = (await root.post('/api/admin/egg-categories', { name: 'Minecraft' })).json().data;
  const egg = (await root.post('/api/admin/eggs', { name: 'Paper', category_id: category.id })).json().data;
  return { locationId: location.id, categoryId: category.id, eggId: egg.id };
}
