import type { PasskeyRequestOptionsResponseSchema } from '@hostdeck/contracts';
import { browserSupportsWebAuthn, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError, api } from '../../lib/api-client.ts';

type RequestOptions = z.infer<typeof PasskeyRequestOptionsResponseSchema>;
type Ok = { success: true };

/** Whether this browser can do WebAuthn at all (an old browser, or a page not served securely). */
export const passkeysSupported = () => browserSupportsWebAuthn();

async function authenticate(optionsPath: string, answerPath: string): Promise<void> {
  const { challenge_id, options } = await api<RequestOptions>(optionsPath, { method: 'POST', body: {} });
  // The ceremony's code loads when a member asks for it, not with the sign-in page.
  const { startAuthentication } = await import('@simplewebauthn/browser');
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
