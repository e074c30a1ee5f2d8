import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { sessionManager } from '../../lib/session-manager.ts';
import { AccountFields, AccountSchema, type AccountValues } from './account-fields.tsx';
import { authApi } from './api.ts';
import { useApiForm } from './use-api-form.ts';

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
  const { form, onSubmit, error } = useApiForm<AccountValues>(AccountSchema, async (values) => {
    await authApi.setup({ ...values, token });
    await sessionManager.reload();
    await navigate('/mc-admin', { replace: true });
  });
  const { isSubmitting } = form.formState;
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
      <AccountFields form={form} />
      <Button type="submit" disabled={isSubmitting || !token}>
        {t('auth.setup.submit')}
      </Button>
    </form>
  );
}
