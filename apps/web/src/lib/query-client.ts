import { QueryClient } from '@tanstack/react-query';

/** One query client for the signed-in areas (the login page does not load TanStack Query). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});
