import type { SignInMethods, SsoProvider } from '@hostdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const signInMethodsKey = ['account', 'sign-in-methods'] as const;

/**
 * Where the browser goes to sign in (or, signed in, to link) with a provider: a navigation, not a
 * fetch. A sign-in carries the Turnstile token while the panel asks for the human check.
 */
export function ssoStartUrl(provider: SsoProvider, mode: 'login' | 'link' = 'login', turnstileToken?: string): string {
  const token = turnstileToken ? `&turnstile_token=${encodeURIComponent(turnstileToken)}` : '';
  return `/api/auth/sso/${provider}/start?mode=${mode}${token}`;
}

/** Leaves the SPA for a start address (an object, so tests can watch it; jsdom cannot navigate). */
export const ssoNavigation = { go: (url: string) => window.location.assign(url) };

/** Password, passkeys and linked providers of the signed-in member, and the providers the panel offers. */
export function useSignInMethods() {
  return useQuery({ queryKey: signInMethodsKey, queryFn: () => api<SignInMethods>('/api/account/sign-in-methods') });
}

export function useUnlinkProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (provider: SsoProvider) =>
      api<{ success: true }>(`/api/account/identities/${provider}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: signInMethodsKey }),
  });
}

/** Uses a one-time sign-in link. */
export function redeemSignInLink(token: string) {
  return api<{ success: true; two_factor_required: boolean }>('/api/user/auth/link', {
    method: 'POST',
    body: { token },
  });
}

/** An error code from a query parameter, kept only when it looks like one. */
export function errorCodeParam(value: string | null): string | null {
  if (value === null) return null;
  return /^[A-Z0-9_]{1,64}$/.test(value) ? value : 'SERVER_ERROR';
}
