import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useBalanceChanged } from '../coins/api.ts';

/** Redeeming adds coins: the session is loaded again so the balance in the top bar follows. */
export function useRedeem() {
  const changed = useBalanceChanged();
  return useMutation({
    mutationFn: (code: string) =>
      api<{ coins: number; balance: number }>('/api/earn/redeem', { method: 'POST', body: { code } }),
    onSuccess: changed,
  });
}
