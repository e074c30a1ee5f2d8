import type { IdentityProof, Passkey, PasskeyCreationOptionsResponseSchema } from '@hostdeck/contracts';
import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';

// Signing in with a passkey lives apart (the login page has no use for TanStack Query); re-exported here.
export { passkeysSupported, secondFactorWithPasskey, signInWithPasskey, usePasskeyErrorText } from './ceremony.ts';

type CreationOptions = z.infer<typeof PasskeyCreationOptionsResponseSchema>;
type Ok = { success: true };

export const passkeysKey = ['account', 'passkeys'] as const;

export function usePasskeys() {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: () => api<{ success: true; passkeys: Passkey[] }>('/api/account/passkeys'),
  });
}

/**
 * Adds a passkey: the server's options (given the owner's proof: password or two-factor code), the
 * browser's ceremony (the member picks where to keep it), the answer.
 */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, ...proof }: { name: string } & IdentityProof) => {
      const { options } = await api<CreationOptions>('/api/account/passkeys/options', { method: 'POST', body: proof });
      // The contract types the options loosely (strings where the DOM has literal unions).
      const response = await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
      return api<{ success: true; passkey: Passkey }>('/api/account/passkeys', {
        method: 'POST',
        body: { name, response },
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRenamePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api<{ success: true; passkey: Passkey }>(`/api/account/passkeys/${id}`, { method: 'PATCH', body: { name } }),
    onSettled: () => client.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Ok>(`/api/account/passkeys/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: passkeysKey }),
  });
}
