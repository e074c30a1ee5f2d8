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
  // Opt-in: a real installation must not start with a simulated catalogue it then has to delete.
  const [demo, setDemo] = useState(false);
  const [demoFailed, setDemoFailed] = useState(false);
  useEffect(() => {
    authApi.setupStatus().then(
      (r) => setRequired(r.setup_required),
      () => setRequired(true),
    );
  }, []);
  const { form, onSubmit, error } = useApiForm<AccountValues>(AccountSchema, async (values) => {
    const result = await authApi.setup({ ...values, token, ...(demo ? { demo: true } : {}) });
    await sessionManager.reload();
    // The administrator exists either way; a failed demo import is retried from the create page.
    if (result.demo_panel === 'failed') return setDemoFailed(true);
    // With the demo catalogue in place the first thing to try is creating a server.
    await navigate(result.demo_panel === 'ready' ? '/server/create' : '/mc-admin', { replace: true });
  });
  const { isSubmitting } = form.formState;
  if (demoFailed) {
    return (
      <div className="flex flex-col gap-4" data-testid="setup-demo-failed">
        <Alert>{t('auth.setup.demoFailed')}</Alert>
        <Link to="/server/create" className="text-sm text-brand-600 hover:underline dark:text-brand-300">
          {t('servers.create.title')}
        </Link>
      </div>
    );
  }
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
        <p className="mt-1 text-sm text-muted">{t('auth.setup.subtitle')}</p>
      </div>
      {!token && <Alert>{t('errors.SETUP_TOKEN_INVALID')}</Alert>}
      {error && <Alert>{error}</Alert>}
      <AccountFields form={form} />
      <label className="flex items-start gap-3 rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-700">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={demo}
          onChange={(e) => setDemo(e.target.checked)}
          data-testid="setup-demo"
          aria-describedby="setup-demo-hint"
        />
        <span className="flex flex-col gap-1">
          <span className="font-medium">{t('auth.setup.demo')}</span>
          <span id="setup-demo-hint" className="text-muted">
            {t('auth.setup.demoHint')}
          </span>
        </span>
      </label>
      <Button type="submit" disabled={isSubmitting || !token}>
        {t('auth.setup.submit')}
      </Button>
    </form>
  );
}
