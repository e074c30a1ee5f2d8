import type { LoginBody } from '@hostdeck/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { takeReturnPath } from '../../lib/return-path.ts';
import { sessionManager } from '../../lib/session-manager.ts';
import { useSetting } from '../../lib/use-settings.ts';
import { PasskeyButton } from '../passkeys/passkey-button.tsx';
import { SsoButtons } from '../sso/sso-buttons.tsx';
import { authApi } from './api.ts';
import { useTurnstile } from './turnstile-widget.tsx';
import { useApiForm } from './use-api-form.ts';

const loginSchema = () => import('./login-schema.ts').then((m) => m.LoginBodySchema);

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const registration = useSetting<boolean>('registration_enabled');
  // The server asks for Turnstile after repeated failures (TURNSTILE_REQUIRED); then the widget shows.
  const [askCheck, setAskCheck] = useState(false);
  const turnstile = useTurnstile('login', askCheck);
  // The contract's schema (and zod with it) loads when the form first validates: not before first paint.
  const { form, onSubmit, error } = useApiForm<LoginBody>(loginSchema, async (values) => {
    const res = await authApi.login({ ...values, turnstile_token: turnstile.token }).catch((err: unknown) => {
      if (turnstile.token || (err instanceof ApiError && err.code.startsWith('TURNSTILE_'))) {
        setAskCheck(true);
        turnstile.reset();
      }
      throw err;
    });
    if (res.two_factor_required) {
      await navigate('/auth/2fa/verify');
      return;
    }
    await sessionManager.reload();
    await navigate(takeReturnPath(), { replace: true });
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">{t('auth.login.title')}</h1>
        <p className="mt-1 text-sm text-muted">{t('auth.login.subtitle')}</p>
      </div>
      {error && <Alert>{error}</Alert>}
      <Field
        label={t('auth.fields.login')}
        autoComplete="username"
        error={errors.login?.message}
        {...form.register('login')}
      />
      <Field
        label={t('auth.fields.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      {turnstile.element}
      <div className="flex justify-end">
        <Link to="/auth/forgot-password" className="text-sm text-brand-600 hover:underline dark:text-brand-300">
          {t('auth.login.forgot')}
        </Link>
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('common.working') : t('auth.login.submit')}
      </Button>
      <SsoButtons />
      <PasskeyButton mode="sign-in" />
      <div className="flex flex-wrap justify-between gap-2 text-sm text-muted">
        {registration !== false && (
          <Link to="/auth/register" className="text-brand-600 hover:underline dark:text-brand-300">
            {t('auth.login.noAccount')}
          </Link>
        )}
        <Link to="/auth/sso" className="hover:underline">
          {t('auth.login.sso')}
        </Link>
      </div>
    </form>
  );
}
