import { Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSendTestMail } from './api.ts';

/**
 * "Send a test mail" in the settings' Mail group: sent now by the server with the saved settings,
 * so the SMTP server's own answer (refused, bad login, no STARTTLS) shows here at once.
 */
export function MailTest({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const send = useSendTestMail();
  const [to, setTo] = useState('');
  const failure =
    send.error instanceof ApiError
      ? send.error.code === 'MAIL_SEND_FAILED'
        ? send.error.message
        : t(`errors.${send.error.code}`)
      : send.error
        ? t('errors.SERVER_ERROR')
        : null;
  return (
    <div className="flex flex-col gap-2 pt-4" data-testid="mail-test">
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex min-w-60 flex-1 flex-col gap-1 text-sm font-medium">
          {t('mailTemplates.test.to')}
          <input
            type="email"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            placeholder={t('mailTemplates.test.toPlaceholder')}
            className="min-h-10 rounded-xl border border-slate-300 bg-transparent px-3 text-sm dark:border-slate-700 dark:bg-slate-900"
          />
        </label>
        <Button
          variant="secondary"
          disabled={dirty || send.isPending}
          onClick={() => send.mutate(to.trim() || undefined)}
          data-testid="send-test-mail"
        >
          <Send className="size-4" aria-hidden /> {send.isPending ? t('common.working') : t('mailTemplates.test.send')}
        </Button>
      </div>
      {dirty && <span className="text-xs text-muted">{t('mailTemplates.test.saveFirst')}</span>}
      {send.data && <Alert tone="success">{t('mailTemplates.test.sent', { to: send.data.to })}</Alert>}
      {failure && <Alert>{failure}</Alert>}
    </div>
  );
}
