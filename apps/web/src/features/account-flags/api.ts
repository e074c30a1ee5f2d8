import type { AccountFlag } from '@hostdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import type { Page } from '../../lib/resource-api.ts';

export const accountFlagsKey = ['admin', 'account-flags'] as const;
const base = '/api/admin/account-flags';

/** A page of flagged accounts (status, reason, search and paging from the URL). */
export function useAccountFlags(params: URLSearchParams) {
  return useQuery({
    queryKey: [...accountFlagsKey, params.toString()],
    queryFn: () => api<Page<AccountFlag>>(`${base}?${params}`),
  });
}

/** How many flags wait for a decision (the badge beside the users page's link). */
export function useOpenFlagCount(enabled: boolean) {
  return useQuery({
    queryKey: [...accountFlagsKey, 'open-count'],
    queryFn: () => api<Page<AccountFlag>>(`${base}?status=open&per_page=1`).then((p) => p.total),
    enabled,
    staleTime: 30_000,
  });
}

/** Approve or ban; the list and the badge are read again either way. */
export function useFlagDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: { id: number; action: 'approve' } | { id: number; action: 'ban'; reason: string }) =>
      api<{ success: true }>(`${base}/${d.id}/${d.action}`, {
        method: 'POST',
        body: d.action === 'ban' ? { reason: d.reason } : undefined,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: accountFlagsKey }),
  });
}
