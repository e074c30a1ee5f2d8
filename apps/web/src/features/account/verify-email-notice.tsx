import { useMutation } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Notice, noticeLink } from '../../components/ui/notice.tsx';
import { ApiError, api } from '../../lib/api-client.ts';
import { useSession } from '../../lib/use-session.ts';

/** Shown while the member's email address is not verified, with "send me a new link". */
export function VerifyEmailNotice() {
  const { t } = useTranslation();
  const info = useSession().data?.userInfo;
  const resend = useMutation({
    mutationFn: () => api<{ success: true }>('/api/account/verify-email/resend', { method: 'POST', body: {} }),
  });
  if (info?.verified !== false) return null;
  // SMTP_NOT_CONFIGURED speaks to staff ("set the SMTP server"); the member hears what it means for them.
  const noMail = resend.error instanceof ApiError && resend.error.code === 'SMTP_NOT_CONFIGURED';
  return (
    <Notice
      icon={MailWarning}
      tone="amber"
      title={t('verifyEmail.notice.title')}
      testId="verify-email-notice"
      actions={
        resend.isSuccess ? (
          <span className="text-sm font-semibold">{t('verifyEmail.notice.sent')}</span>
        ) : (
          <button type="button" className={noticeLink} disabled={resend.isPending} onClick={() => resend.mutate()}>
            {t('verifyEmail.notice.resend')}
          </button>
        )
      }
    >
      {t('verifyEmail.notice.body', { email: String(info.email ?? '') })}
      {resend.error && (
        <span role="alert" className="mt-1 block text-rose-600 dark:text-rose-400">
          {noMail
            ? t('verifyEmail.notice.noMail')
            : t(`errors.${resend.error instanceof ApiError ? resend.error.code : 'SERVER_ERROR'}`)}
        </span>
      )}
    </Notice>
  );
}
