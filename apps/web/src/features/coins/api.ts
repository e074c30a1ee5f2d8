import type { CoinHistoryPageSchema, CoinKind } from '@hostdeck/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { sessionManager } from '../../lib/session-manager.ts';

export type CoinHistoryPage = z.infer<typeof CoinHistoryPageSchema>;

/** The member's own coin queries live under ['coins'], so one invalidation refreshes them after a spend. */
export const coinKeys = { all: ['coins'] as const };

export interface CoinHistorySource {
  /** The API path of the history (the member's own, or one member's for staff). */
  path: string;
  /** The query key it is cached under; staff keys sit under the user's admin key so an adjustment refreshes it. */
  queryKey: readonly unknown[];
}

export const myCoinHistory: CoinHistorySource = { path: '/api/coins/history', queryKey: [...coinKeys.all, 'history'] };

/**
 * One page of a coin history. `cursor` is the previous page's next_cursor (keyset paging: page 5,000
 * costs the server what page 1 does); `page` is then only echoed back for the "page N of M" line.
 */
export function useCoinHistory(
  source: CoinHistorySource,
  page: number,
  perPage: number,
  kind: CoinKind | '',
  cursor?: string,
) {
  const params = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  if (kind) params.set('kind', kind);
  if (cursor) params.set('cursor', cursor);
  const qs = params.toString();
  return useQuery({
    queryKey: [...source.queryKey, qs],
    queryFn: () => api<CoinHistoryPage>(`${source.path}?${qs}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * After the balance moved (redeem, store, gift): the session is loaded again so the top bar's coins
 * follow, and the member's coin history is refetched.
 */
export function useBalanceChanged() {
  const client = useQueryClient();
  return () => {
    void sessionManager.reload();
    void client.invalidateQueries({ queryKey: coinKeys.all });
  };
}
