import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { hasSession, sessionManager } from '../../lib/session-manager.ts';
import { accountApi } from './account-api.ts';

/**
 * /account/email/confirm?token=…: the link mailed to a new address. The change is made by a button
 * (a POST), not by opening the page: mail scanners open links, some even run their scripts.
 */
export function EmailConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useMutation({
    mutationFn: () => accountApi.confirmEmail(token),
    onSuccess: () => (hasSession() ? sessionManager.reload().then(() => undefined) : undefined),
  });
  const next = hasSession() ? '/account#email' : '/auth/login';
  return (
    <div className="flex flex-col gap-4" data-testid="email-confirm-page">
      <h1 className="flex items-center gap-2 text-2xl font-bold">
        <MailCheck className="size-6 text-brand-500" aria-hidden /> {t('account.emailConfirm.title')}
      </h1>
      {!token && <Alert>{t('errors.EMAIL_CHANGE_TOKEN_INVALID')}</Alert>}
      {confirm.isSuccess && (
        <Alert tone="success">{t('account.emailConfirm.done', { email: confirm.data.email })}</Alert>
      )}
      {confirm.error && (
        <Alert>{t(`errors.${confirm.error instanceof ApiError ? confirm.error.code : 'SERVER_ERROR'}`)}</Alert>
      )}
      {token && !confirm.isSuccess && (
        <>
          <p className="text-sm text-muted">{t('account.emailConfirm.intro')}</p>
          <Button disabled={confirm.isPending} onClick={() => confirm.mutate()}>
            {confirm.isPending ? t('common.working') : t('account.emailConfirm.submit')}
          </Button>
        </>
      )}
      {(confirm.isSuccess || confirm.isError || !token) && (
        <Link to={next} className="text-sm text-brand-600 hover:underline dark:text-brand-300">
          {hasSession() ? t('account.emailConfirm.toAccount') : t('auth.backToLogin')}
        </Link>
      )}
    </div>
  );
}
