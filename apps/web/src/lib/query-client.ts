import { QueryClient } from '@tanstack/react-query';
import { type UiSettings, uiSettingsStore } from './ui-settings.ts';

/**
 * Query defaults from the performance settings: with caching off nothing is kept (staleTime and
 * gcTime 0); networkOptimization off refetches when the window regains focus.
 */
export function queryDefaults(p: UiSettings['performance']) {
  return {
    retry: 1,
    staleTime: p.enableCaching ? 30_000 : 0,
    gcTime: p.enableCaching ? 5 * 60_000 : 0,
    refetchOnWindowFocus: !p.networkOptimization,
  };
}

/** One query client for the signed-in areas (the login page does not load TanStack Query). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: queryDefaults(uiSettingsStore.get().performance) },
});
