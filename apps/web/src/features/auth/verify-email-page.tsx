import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError, api } from '../../lib/api-client.ts';
import { hasSession, sessionManager } from '../../lib/session-manager.ts';

/**
 * /auth/verify-email?token=…: the link of the verification mail. The page posts the token (a GET
 * that changed state would be used up by mail scanners that open links), then says how it went.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useMutation({
    mutationFn: () => api<{ success: true }>('/api/auth/verify-email', { method: 'POST', body: { token } }),
    // A signed-in member's "verify your email" notice goes away at once.
    onSuccess: () => (hasSession() ? sessionManager.refresh() : undefined),
  });
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true; // once, even when effects run twice in development
    verify.mutate();
  }, [token, verify]);

  const next = hasSession() ? '/dashboard' : '/auth/login';
  return (
    <div className="flex flex-col gap-4" data-testid="verify-email-page">
      <h1 className="flex items-center gap-2 text-2xl font-bold">
        <MailCheck className="size-6 text-brand-500" aria-hidden /> {t('verifyEmail.title')}
      </h1>
      {!token && <Alert>{t('errors.VERIFY_TOKEN_INVALID')}</Alert>}
      {token && (verify.isIdle || verify.isPending) && <Loading label={t('verifyEmail.working')} />}
      {verify.isSuccess && <Alert tone="success">{t('verifyEmail.done')}</Alert>}
      {verify.error && (
        <Alert>{t(`errors.${verify.error instanceof ApiError ? verify.error.code : 'SERVER_ERROR'}`)}</Alert>
      )}
      {(verify.isSuccess || verify.isError || !token) && (
        <Link to={next} className="text-sm text-brand-600 hover:underline dark:text-brand-300">
          {hasSession() ? t('verifyEmail.toDashboard') : t('auth.backToLogin')}
        </Link>
      )}
    </div>
  );
}
