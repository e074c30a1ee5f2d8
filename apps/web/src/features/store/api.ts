import type { StoreCatalogue, StoreItem, StorePurchase } from '@hostdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api-client.ts';
import { useBalanceChanged } from '../coins/api.ts';

export const storeKey = ['store'] as const;

export function useStore() {
  return useQuery({ queryKey: storeKey, queryFn: () => api<StoreCatalogue>('/api/store'), staleTime: 0 });
}

/**
 * Buying spends coins and raises a limit: the catalogue takes the new balance and item at once, and
 * the session is loaded again so the top bar follows. A refusal reloads the catalogue (the prices,
 * the cap or the store itself may have changed meanwhile).
 */
export function usePurchase() {
  const client = useQueryClient();
  const changed = useBalanceChanged();
  return useMutation({
    mutationFn: (body: StorePurchase) =>
      api<{ balance: number; item: StoreItem }>('/api/store/purchase', { method: 'POST', body }),
    onSuccess: (r) => {
      client.setQueryData<StoreCatalogue>(
        storeKey,
        (old) => old && { ...old, coins: r.balance, items: old.items.map((i) => (i.key === r.item.key ? r.item : i)) },
      );
      changed();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status !== 429) void client.invalidateQueries({ queryKey: storeKey });
    },
  });
}
