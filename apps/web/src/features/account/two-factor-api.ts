import type { RecoveryCodesResponse, TwoFactorStatus } from '@hostdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { sessionManager } from '../../lib/session-manager.ts';

export const twoFactorKey = ['account', 'two-factor'] as const;

/** Whether two-factor is on and how many recovery codes are left. */
export function useTwoFactorStatus() {
  return useQuery({ queryKey: twoFactorKey, queryFn: () => api<TwoFactorStatus>('/api/account/two-factor') });
}

/** Turns two-factor off with a current code or a recovery code; the session call learns it too. */
export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api<{ success: true }>('/api/user/auth/2fa/disable', { method: 'POST', body: { code } }),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: twoFactorKey }), sessionManager.reload()]);
    },
  });
}

/** Ten new recovery codes (the old ones stop working); the answer is the only time they are shown. */
export function useRegenerateRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      api<RecoveryCodesResponse>('/api/account/two-factor/recovery-codes', { method: 'POST', body: { password } }),
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKey }),
  });
}
