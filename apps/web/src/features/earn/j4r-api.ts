import type { J4rOverview, OAuthStartResultSchema } from '@hostdeck/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { j4rKey } from '../discord/api.ts';

/** The join-for-rewards servers, their state for the member, and the member's linked Discord account. */
export function useJ4r() {
  return useQuery({ queryKey: j4rKey, queryFn: () => api<J4rOverview>('/api/earn/j4r'), staleTime: 0 });
}

/**
 * "I joined — check": Discord asks the member to share their server list once; the callback pays the
 * servers joined and returns to /earn/j4r?discord=checked&paid=<coins>.
 */
export function useJ4rCheck() {
  return useMutation({
    mutationFn: () => api<z.infer<typeof OAuthStartResultSchema>>('/api/earn/j4r/check', { method: 'POST' }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
