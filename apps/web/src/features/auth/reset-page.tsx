import { PasswordSchema } from '@hostdeck/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { authApi } from './api.ts';
import { useApiForm } from './use-api-form.ts';

const Schema = z
  .object({ password: PasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'mismatch' });

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const { form, onSubmit, error } = useApiForm<z.infer<typeof Schema>>(Schema, async ({ password }) => {
    await authApi.reset(token, password);
    setDone(true);
  });
  const { errors, isSubmitting } = form.formState;
  // A missing, used or expired link: the way out is a new one.
  const newLink = (
    <Link to="/auth/forgot-password" className="text-sm text-brand-600 hover:underline dark:text-brand-300">
      {t('auth.reset.newLink')}
    </Link>
  );
  if (!token) {
    return (
      <div className="flex flex-col gap-4">
        <Alert>{t('errors.RESET_TOKEN_INVALID')}</Alert>
        {newLink}
      </div>
    );
  }
  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success">{t('auth.reset.done')}</Alert>
        <Link to="/auth/login" className="text-sm text-brand-600 hover:underline dark:text-brand-300">
          {t('auth.backToLogin')}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('auth.reset.title')}</h1>
      {error && <Alert>{error}</Alert>}
      <Field
        label={t('auth.fields.newPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Field
        label={t('auth.fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.confirm ? t('auth.reset.mismatch') : undefined}
        {...form.register('confirm')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {t('auth.reset.submit')}
      </Button>
      {newLink}
    </form>
  );
}
