import { type RegisterBody, RegisterBodySchema } from '@hostdeck/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { sessionManager } from '../../lib/session-manager.ts';
import { authApi } from './api.ts';
import { useApiForm } from './use-api-form.ts';

const Schema = RegisterBodySchema.omit({ ref: true });

/** First-run setup: the one-time link from the server log creates the first Administrator. */
export function SetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [required, setRequired] = useState<boolean | null>(null);
  useEffect(() => {
    authApi.setupStatus().then(
      (r) => setRequired(r.setup_required),
      () => setRequired(true),
    );
  }, []);
  const { form, onSubmit, error } = useApiForm<Omit<RegisterBody, 'ref'>>(Schema, async (values) => {
    await authApi.setup({ ...values, token });
    await sessionManager.reload();
    await navigate('/mc-admin', { replace: true });
  });
  const { errors, isSubmitting } = form.formState;
  if (required === false) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="info">{t('errors.SETUP_ALREADY_DONE')}</Alert>
        <Link to="/auth/login" className="text-sm text-brand-600 hover:underline dark:text-brand-300">
          {t('auth.backToLogin')}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">{t('auth.setup.title')}</h1>
        <p className="mt-1 text-sm text-slate-500">{t('auth.setup.subtitle')}</p>
      </div>
      {!token && <Alert>{t('errors.SETUP_TOKEN_INVALID')}</Alert>}
      {error && <Alert>{error}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('auth.fields.firstName')} error={errors.first_name?.message} {...form.register('first_name')} />
        <Field label={t('auth.fields.lastName')} error={errors.last_name?.message} {...form.register('last_name')} />
      </div>
      <Field
        label={t('auth.fields.username')}
        autoComplete="username"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <Field
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Field
        label={t('auth.fields.password')}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" disabled={isSubmitting || !token}>
        {t('auth.setup.submit')}
      </Button>
    </form>
  );
}
