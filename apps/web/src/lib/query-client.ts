import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { type UiSettings, uiSettingsStore } from './ui-settings.ts';

/**
 * One more try after a lost connection or a server error; none after a 4xx (not found, forbidden,
 * invalid): asking again gets the same answer, and a missing record would be fetched twice.
 */
export const retryUnlessClientError = (count: number, err: unknown) =>
  !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1;

/**
 * Query defaults from the performance settings: with caching off nothing is kept (staleTime and
 * gcTime 0); networkOptimization off refetches when the window regains focus.
 */
export function queryDefaults(p: UiSettings['performance']) {
  return {
    retry: retryUnlessClientError,
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
