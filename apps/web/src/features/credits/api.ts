import type { Payment, Receipt, TopUpOptions } from '@hostdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api-client.ts';
import { sessionManager } from '../../lib/session-manager.ts';

export const creditsKeys = {
  options: ['credits'] as const,
  receipt: (id: string) => ['credits', 'receipts', id] as const,
};

/** How often the page asks again while a returning payment waits for Stripe's confirmation. */
export const POLL_MS = 2_000;
/** How long it keeps asking before it says confirmation is slow. */
export const POLL_FOR_MS = 60_000;

/**
 * The top-up options and the member's payments. With `watch` (the payment Stripe just sent the
 * member back from), it is asked again every 2 s until that payment is completed or failed.
 */
export function useTopUpOptions(watch: string | null = null) {
  return useQuery({
    queryKey: creditsKeys.options,
    queryFn: () => api<TopUpOptions>('/api/store/credits'),
    staleTime: 0,
    refetchInterval: (q) => {
      if (!watch) return false;
      const p = q.state.data?.payments.find((x) => x.id === watch);
      return p && p.status !== 'pending' ? false : POLL_MS;
    },
  });
}

/**
 * Starts a payment: the server opens the provider's page for the amount (Stripe Checkout, PayPal
 * approval) and the browser goes there. A refusal because of the settings reloads the options.
 */
export function useStartPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, amount_cents }: { provider: Payment['provider']; amount_cents: number }) =>
      api<{ payment: Payment; url: string }>(`/api/store/credits/${provider}`, {
        method: 'POST',
        body: { amount_cents },
      }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) => {
      if (
        err instanceof ApiError &&
        ['FEATURE_DISABLED', 'TOPUP_OUT_OF_RANGE', 'PAYMENT_PROVIDER_UNAVAILABLE'].includes(err.code)
      )
        void client.invalidateQueries({ queryKey: creditsKeys.options });
    },
  });
}

export function useReceipt(id: string) {
  return useQuery({
    queryKey: creditsKeys.receipt(id),
    queryFn: () => api<Receipt>(`/api/store/credits/receipts/${encodeURIComponent(id)}`).then((r) => r.data),
    enabled: Boolean(id),
  });
}

/**
 * Back from PayPal with an approved order (`?paypal=<payment>&token=<order>`): the server captures it
 * and credits the coins; the options (and the top-bar balance) are read again.
 */
export function useCapturePayPal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (order_id: string) =>
      api<{ payment: Payment; balance: number }>('/api/store/credits/paypal/capture', {
        method: 'POST',
        body: { order_id },
      }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: creditsKeys.options });
      void sessionManager.reload();
    },
  });
}
