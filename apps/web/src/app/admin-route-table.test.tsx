import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminRoute } from './admin-route-table.tsx';
import { specAdminRoutes } from './admin-routes.ts';

/** Each page of the admin tree (a route with a path and something to show) and the permission guarding it. */
function adminPages(): Map<string, string | undefined> {
  const pages = new Map<string, string | undefined>();
  const walk = (route: RouteObject, permission: string | undefined) => {
    const guard = (route.element as ReactElement<{ permission?: string }> | undefined)?.props?.permission;
    const needs = guard ?? permission;
    if (route.path && (route.lazy || route.Component || route.element)) pages.set(route.path, needs);
    for (const child of route.children ?? []) walk(child, needs);
  };
  for (const child of adminRoute.children ?? []) walk(child, undefined);
  return pages;
}

describe('the admin route table', () => {
  it('gives every admin route of the specification a page behind exactly its permission', async () => {
    const pages = adminPages();
    const missing = specAdminRoutes.filter((r) => pages.get(r.path) !== r.permission);
    expect(missing).toEqual([]);
  });

  it('loads a real component for every page (no placeholder left)', async () => {
    const lazy: RouteObject['lazy'][] = [];
    const walk = (route: RouteObject) => {
      if (route.path && route.lazy) lazy.push(route.lazy);
      for (const child of route.children ?? []) walk(child);
    };
    for (const child of adminRoute.children ?? []) walk(child);
    expect(lazy.length).toBeGreaterThanOrEqual(specAdminRoutes.length);
    for (const load of lazy) {
      const loaded = await (load as () => Promise<{ Component?: unknown }>)();
      expect(typeof loaded.Component).toBe('function');
    }
  });
});
