import type { QueryClient } from '@tanstack/react-query';
import { preloadRoute } from '../app/router.tsx';
import { liveQueryDefaults, queryClient, queryDefaults } from './query-client.ts';
import { type UiSettings, uiSettingsStore } from './ui-settings.ts';

/** The pages a member most often opens from the dashboard: their code is fetched ahead (preloadCritical). */
export const likelyNextRoutes = ['/server/create', '/store', '/images'];
/** Memory cleanup period (specification: every 30 seconds). */
export const CLEANUP_MS = 30_000;

/** Drops the cached data of every query no mounted component uses (memoryOptimization). */
export function dropInactiveQueries(client: QueryClient): number {
  const cache = client.getQueryCache();
  const inactive = cache.findAll({ type: 'inactive' });
  for (const query of inactive) cache.remove(query);
  return inactive.length;
}

let preloaded = false;
let cleanup: ReturnType<typeof setInterval> | undefined;

/**
 * Applies the settings that need the signed-in client: query defaults (staleTime and refetchOnWindowFocus
 * follow the store by themselves, gcTime is set here; with caching off the unused data goes at once),
 * the cleanup timer, preloading.
 */
export function applyPerformanceEffects(
  ui: UiSettings,
  client: QueryClient = queryClient,
  preload = preloadRoute,
): void {
  const p = ui.performance;
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...liveQueryDefaults(), gcTime: queryDefaults(p).gcTime },
  });
  if (!p.enableCaching) dropInactiveQueries(client);
  if (p.memoryOptimization && cleanup === undefined)
    cleanup = setInterval(() => dropInactiveQueries(client), CLEANUP_MS);
  if (!p.memoryOptimization && cleanup !== undefined) {
    clearInterval(cleanup);
    cleanup = undefined;
  }
  if (p.preloadCritical && !preloaded) {
    preloaded = true;
    for (const path of likelyNextRoutes) preload(path);
  }
}

/** Started once, from lib/performance.ts, when the member first acts on an idle signed-in page. */
export function startPerformanceEffects(): void {
  const apply = (ui: UiSettings) => {
    try {
      applyPerformanceEffects(ui);
    } catch (err) {
      console.warn('Performance settings could not be applied', err);
    }
  };
  apply(uiSettingsStore.get());
  uiSettingsStore.subscribe(apply);
}
