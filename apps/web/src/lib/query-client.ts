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

/**
 * The defaults the query client runs with: staleTime and refetchOnWindowFocus are functions TanStack
 * Query calls each time it decides (a mount, the window's focus), so a change of the settings reaches
 * the queries already on screen too, not only those made after it (their observers keep the options
 * of their last render). gcTime is a number a query takes when it is made.
 */
export function liveQueryDefaults(read = () => uiSettingsStore.get().performance) {
  return {
    ...queryDefaults(read()),
    staleTime: () => queryDefaults(read()).staleTime,
    refetchOnWindowFocus: () => queryDefaults(read()).refetchOnWindowFocus,
  };
}

/** One query client for the signed-in areas (the login page does not load TanStack Query). */
export const queryClient = new QueryClient({ defaultOptions: { queries: liveQueryDefaults() } });
