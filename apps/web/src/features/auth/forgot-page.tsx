import { ForgotPasswordBodySchema } from '@hostdeck/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { authApi } from './api.ts';
import { useTurnstile } from './turnstile-widget.tsx';
import { useApiForm } from './use-api-form.ts';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const turnstile = useTurnstile('forgot_password');
  const { form, onSubmit, error } = useApiForm<{ email: string }>(ForgotPasswordBodySchema, async ({ email }) => {
    await authApi.forgot(email, turnstile.token).finally(turnstile.reset);
    setSent(true);
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">{t('auth.forgot.title')}</h1>
        <p className="mt-1 text-sm text-muted">{t('auth.forgot.subtitle')}</p>
      </div>
      {sent && <Alert tone="success">{t('auth.forgot.sent')}</Alert>}
      {error && <Alert>{error}</Alert>}
      <Field
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      {turnstile.element}
      <Button type="submit" disabled={isSubmitting}>
        {t('auth.forgot.submit')}
      </Button>
      <Link to="/auth/login" className="text-sm text-brand-600 hover:underline dark:text-brand-300">
        {t('auth.backToLogin')}
      </Link>
    </form>
  );
}
