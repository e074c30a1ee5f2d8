import type {
  LinkClaimRequest,
  LinkClaimResultSchema,
  LinkProvider,
  LinkStartResult,
  LinksOverview,
} from '@hostdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, api } from '../../lib/api-client.ts';
import { useBalanceChanged } from '../coins/api.ts';
import { adblockHeaders } from './adblock-check.ts';

export type LinkClaimResult = z.infer<typeof LinkClaimResultSchema>;

export const linksKey = ['earn', 'links'] as const;

/** The link providers with the member's use of each today, their latest claims and today's coins. */
export function useLinks() {
  return useQuery({ queryKey: linksKey, queryFn: () => api<LinksOverview>('/api/earn/links'), staleTime: 0 });
}

/** Refusals after which the page's picture of the providers is out of date. */
const stale = new Set(['FEATURE_DISABLED', 'LINK_PROVIDER_NOT_CONFIGURED', 'LINK_DAILY_LIMIT', 'LINK_COOLDOWN']);

/** Starts a link: the server opens a claim and the browser goes to the provider's page. */
export function useStartLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (provider: LinkProvider) =>
      api<LinkStartResult>(`/api/earn/links/${provider}/start`, { method: 'POST', headers: adblockHeaders() }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) => {
      if (err instanceof ApiError && stale.has(err.code)) void client.invalidateQueries({ queryKey: linksKey });
    },
  });
}

/**
 * Back from the provider (`?claim=<token>`, Linkvertise adds `&hash=`): the server checks the claim
 * and pays it. Paid or refused, the overview is read again; paid, the top-bar balance follows.
 */
export function useClaimLink() {
  const client = useQueryClient();
  const changed = useBalanceChanged();
  return useMutation({
    mutationFn: (body: LinkClaimRequest) =>
      api<LinkClaimResult>('/api/earn/links/claim', { method: 'POST', body, headers: adblockHeaders() }),
    onSuccess: changed,
    onSettled: () => client.invalidateQueries({ queryKey: linksKey }),
  });
}
