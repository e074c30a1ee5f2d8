import { Fingerprint } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { takeReturnPath } from '../../lib/return-path.ts';
import { sessionManager } from '../../lib/session-manager.ts';
import { passkeysSupported, secondFactorWithPasskey, signInWithPasskey, usePasskeyErrorText } from './ceremony.ts';

/**
 * "Sign in with a passkey" on the login page, or "Use a passkey instead" on /auth/2fa/verify: runs
 * the browser's passkey dialog, then goes where a password sign-in would (the stored path, else the
 * dashboard). Not shown in a browser without WebAuthn.
 */
export function PasskeyButton({ mode }: { mode: 'sign-in' | 'second-factor' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = usePasskeyErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!passkeysSupported()) return null;

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await (mode === 'sign-in' ? signInWithPasskey() : secondFactorWithPasskey());
      await sessionManager.reload();
      await navigate(takeReturnPath(), { replace: true });
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      {error && <Alert>{error}</Alert>}
      <Button variant="secondary" onClick={run} disabled={busy} data-testid={`passkey-${mode}`}>
        <Fingerprint className="size-4" aria-hidden />
        {busy ? t('passkeys.waiting') : t(mode === 'sign-in' ? 'passkeys.signIn' : 'passkeys.useInstead')}
      </Button>
    </div>
  );
}
