import type {
  Passkey,
  PasskeyCreationOptionsResponseSchema,
  PasskeyRequestOptionsResponseSchema,
} from '@hostdeck/contracts';
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError, api } from '../../lib/api-client.ts';

type CreationOptions = z.infer<typeof PasskeyCreationOptionsResponseSchema>;
type RequestOptions = z.infer<typeof PasskeyRequestOptionsResponseSchema>;
type Ok = { success: true };

export const passkeysKey = ['account', 'passkeys'] as const;

/** Whether this browser can do WebAuthn at all (an old browser, or a page not served securely). */
export const passkeysSupported = () => browserSupportsWebAuthn();

export function usePasskeys() {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: () => api<{ success: true; passkeys: Passkey[] }>('/api/account/passkeys'),
  });
}

/** Adds a passkey: the server's options, the browser's ceremony (the member picks where to keep it), the answer. */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { options } = await api<CreationOptions>('/api/account/passkeys/options', { method: 'POST', body: {} });
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

async function authenticate(optionsPath: string, answerPath: string): Promise<void> {
  const { challenge_id, options } = await api<RequestOptions>(optionsPath, { method: 'POST', body: {} });
  const response = await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
  await api<Ok>(answerPath, { method: 'POST', body: { challenge_id, response } });
}

/** Signs in with any passkey of this site (the browser lets the member choose; no username needed). */
export const signInWithPasskey = () => authenticate('/api/user/auth/passkey/options', '/api/user/auth/passkey');

/** Completes a password sign-in that waits for its second factor, with one of the member's passkeys. */
export const secondFactorWithPasskey = () =>
  authenticate('/api/user/auth/2fa/passkey/options', '/api/user/auth/2fa/passkey');

/**
 * A failed passkey step in the member's language: the server's error code, or what the browser
 * said (the member closed the dialog, the key was already registered, no WebAuthn here).
 */
export function usePasskeyErrorText() {
  const { t } = useTranslation();
  return (err: unknown): string => {
    if (err instanceof ApiError) return t(`errors.${err.code}`, { defaultValue: err.message });
    const { name, code } = (err ?? {}) as { name?: string; code?: string };
    if (!passkeysSupported()) return t('passkeys.errors.unsupported');
    if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
      return t('passkeys.errors.cancelled');
    if (name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
      return t('passkeys.errors.alreadyRegistered');
    if (name === 'SecurityError' || code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID')
      return t('passkeys.errors.insecure');
    return t('passkeys.errors.failed');
  };
}
