import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSignInMethods } from '../sso/api.ts';
import { accountApi } from './account-api.ts';

/**
 * Where the current password is asked for, an account made through Discord or GitHub has none: it is
 * told so, with a button that mails it the link to set one (the sign-in pages are closed to it while
 * it is signed in).
 */
export function NoPasswordNotice() {
  const { t } = useTranslation();
  const methods = useSignInMethods();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | { error: string }>('idle');
  if (methods.data?.password !== false) return null;
  const send = async () => {
    setState('sending');
    try {
      await accountApi.passwordLink();
      setState('sent');
    } catch (err) {
      setState({ error: t(`errors.${err instanceof ApiError ? err.code : 'SERVER_ERROR'}`) });
    }
  };
  return (
    <Alert tone="info">
      <span className="flex flex-col items-start gap-2" data-testid="no-password">
        <span>{t('account.noPassword.text')}</span>
        {state === 'sent' ? (
          <strong data-testid="no-password-sent">{t('account.noPassword.sent')}</strong>
        ) : (
          <Button type="button" variant="secondary" disabled={state === 'sending'} onClick={() => void send()}>
            {state === 'sending' ? t('common.working') : t('account.noPassword.send')}
          </Button>
        )}
        {typeof state === 'object' && <span className="text-rose-600 dark:text-rose-400">{state.error}</span>}
      </span>
    </Alert>
  );
}
