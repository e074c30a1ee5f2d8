import type { GiftRequest, Leaderboard, Profile, PublicMember } from '@hostdeck/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useBalanceChanged } from '../coins/api.ts';

export const profileKeys = {
  profile: (uuid: string) => ['profiles', uuid] as const,
  lookup: (q: string) => ['members', 'lookup', q] as const,
  leaderboard: (by: string) => ['leaderboard', by] as const,
};

export function useProfile(uuid: string) {
  return useQuery({
    queryKey: profileKeys.profile(uuid),
    queryFn: () => api<{ data: Profile }>(`/api/profiles/${encodeURIComponent(uuid)}`).then((r) => r.data),
    enabled: Boolean(uuid),
  });
}

/** Gifting spends coins: the session is loaded again so the balance in the top bar follows. */
export function useGift(uuid: string) {
  const changed = useBalanceChanged();
  return useMutation({
    mutationFn: (body: GiftRequest) =>
      api<{ sent: number; fee: number; balance: number }>(`/api/profiles/${encodeURIComponent(uuid)}/gift`, {
        method: 'POST',
        body,
      }),
    onSuccess: changed,
  });
}

/** Members whose username contains the text (2 to 32 characters). */
export function useLookup(q: string) {
  return useQuery({
    queryKey: profileKeys.lookup(q),
    queryFn: () => api<{ data: PublicMember[] }>(`/api/users/lookup?${new URLSearchParams({ q })}`).then((r) => r.data),
    enabled: q.length >= 2,
    staleTime: 30_000,
  });
}

/** The top members by one measure; not asked for while the leaderboard is switched off. */
export function useLeaderboard(by: Leaderboard['by'], enabled = true) {
  return useQuery({
    queryKey: profileKeys.leaderboard(by),
    queryFn: () => api<Leaderboard>(`/api/leaderboard?by=${by}`),
    enabled,
  });
}
