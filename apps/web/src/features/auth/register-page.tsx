import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { sessionManager } from '../../lib/session-manager.ts';
import { useSetting } from '../../lib/use-settings.ts';
import { SsoButtons } from '../sso/sso-buttons.tsx';
import { AccountFields, AccountSchema, type AccountValues } from './account-fields.tsx';
import { authApi } from './api.ts';
import { useTurnstile } from './turnstile-widget.tsx';
import { useApiForm } from './use-api-form.ts';

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const open = useSetting<boolean>('registration_enabled');
  const ref = params.get('ref') ?? undefined;
  const turnstile = useTurnstile('register');
  const { form, onSubmit, error } = useApiForm<AccountValues>(AccountSchema, async (values) => {
    // A Turnstile token is good for one try: whatever the answer, the next try needs a new one.
    await authApi.register({ ...values, ref, turnstile_token: turnstile.token }).finally(turnstile.reset);
    await sessionManager.reload();
    await navigate('/dashboard', { replace: true });
  });
  const { isSubmitting } = form.formState;
  if (open === false) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">{t('auth.register.title')}</h1>
        <Alert tone="info">{t('errors.REGISTRATION_DISABLED')}</Alert>
        <Link to="/auth/login" className="text-sm text-brand-600 hover:underline dark:text-brand-300">
          {t('auth.register.haveAccount')}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">{t('auth.register.title')}</h1>
        <p className="mt-1 text-sm text-muted">{t('auth.register.subtitle')}</p>
      </div>
      {ref && <Alert tone="info">{t('auth.register.referred')}</Alert>}
      {error && <Alert>{error}</Alert>}
      <AccountFields form={form} hints />
      {turnstile.element}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('common.working') : t('auth.register.submit')}
      </Button>
      <SsoButtons />
      <p className="text-sm text-muted">
        <Link to="/auth/login" className="text-brand-600 hover:underline dark:text-brand-300">
          {t('auth.register.haveAccount')}
        </Link>
      </p>
    </form>
  );
}
