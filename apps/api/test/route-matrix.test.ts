import { permissionValues } from '@hostdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { TestClient } from './client.ts';
import { memberWithPermissions } from './users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:(\w+)/g, 'x').replace('/*', '/anything');

describe('route matrix', () => {
  it('every registered route declares an access rule', () => {
    const missing = t.app.routeTable.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    expect(t.app.routeTable.length).toBeGreaterThan(15);
  });

  it('every permission a route requires is in the catalogue', () => {
    for (const r of t.app.routeTable) {
      if (r.access?.kind === 'permission') expect(permissionValues).toContain(r.access.permission);
    }
  });

  it('session and permission routes answer 401 without a session', async () => {
    const guarded = t.app.routeTable.filter((r) => r.access && r.access.kind !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const r of guarded) {
      const res = await new TestClient(t.app).request({
        method: r.method as 'GET',
        url: concrete(r.url),
        payload: r.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('permission routes answer 403 without their permission and pass with exactly it', async () => {
    const routes = t.app.routeTable.filter((r) => r.access?.kind === 'permission');
    for (const r of routes) {
      const permission = (r.access as { permission: string }).permission;
      const others = permissionValues.filter((p) => p !== permission && p !== 'admin.root');
      const without = await memberWithPermissions(t.app, others);
      const denied = await without.request({
        method: r.method as 'GET',
        url: concrete(r.url),
        payload: r.method === 'GET' ? undefined : {},
      });
      expect(denied.statusCode, `${r.method} ${r.url} without ${permission}`).toBe(403);

      const holder = await memberWithPermissions(t.app, [permission]);
      const allowed = await holder.request({
        method: r.method as 'GET',
        url: concrete(r.url),
        payload: r.method === 'GET' ? undefined : {},
      });
      // Passing the permission check means anything but 401/403: 2xx, or 400 for the empty test body.
      expect([401, 403], `${r.method} ${r.url} with ${permission}`).not.toContain(allowed.statusCode);
    }
  });
});
