import { type EmailChange, EmailChangeSchema } from '@hostdeck/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { useSession } from '../../lib/use-session.ts';
import { useApiForm } from '../auth/use-api-form.ts';
import { accountApi, codeFieldMessages } from './account-api.ts';
import { NoPasswordNotice } from './no-password-notice.tsx';
import { AccountSection } from './section-frame.tsx';

/** #email: the current address; a new one is used only after the link mailed to it is followed. */
export function EmailSection() {
  const { t } = useTranslation();
  const info = useSession().data?.userInfo ?? {};
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, onSubmit, error } = useApiForm<EmailChange>(
    EmailChangeSchema,
    async (values) => {
      setSentTo(null);
      const { email } = await accountApi.email(values);
      form.reset({ email: '', password: '' });
      setSentTo(email);
    },
    { defaultValues: { email: '', password: '' } },
    codeFieldMessages(t),
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <AccountSection id="email" title={t('account.email.title')} intro={t('account.email.intro')}>
      <p className="text-sm">
        {t('account.email.current')}{' '}
        <strong className="break-all" data-testid="email-current">
          {String(info.email ?? '')}
        </strong>{' '}
        <span className="text-xs text-muted">
          {info.verified ? t('account.email.verified') : t('account.email.unverified')}
        </span>
      </p>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="email-form">
        <NoPasswordNotice />
        {error && <Alert>{error}</Alert>}
        {sentTo && (
          <Alert tone="success">
            <span data-testid="email-sent">{t('account.email.sent', { email: sentTo })}</span>
          </Alert>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('account.email.new')}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Field
            label={t('account.currentPassword')}
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
        </div>
        <Button type="submit" className="self-start" disabled={isSubmitting}>
          {isSubmitting ? t('common.working') : t('account.email.submit')}
        </Button>
      </form>
    </AccountSection>
  );
}
