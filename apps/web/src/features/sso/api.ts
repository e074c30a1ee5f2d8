import type { SignInMethods, SsoProvider } from '@hostdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

// The sign-in page's part lives apart (no TanStack Query on the login path); re-exported for the rest.
export { ssoNavigation, ssoStartUrl } from './start-url.ts';

export const signInMethodsKey = ['account', 'sign-in-methods'] as const;

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
