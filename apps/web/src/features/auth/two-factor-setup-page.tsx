import { TwoFactorCodeBodySchema } from '@hostdeck/contracts';
import { AlertTriangle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { sessionManager } from '../../lib/session-manager.ts';
import { authApi } from './api.ts';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';
import { useApiForm } from './use-api-form.ts';
import { useTwoFactorSetup } from './use-two-factor-setup.ts';

/** Where the staff guard sent the member from (see app/guards.tsx), to go back after setup. */
type SetupState = { from?: string; staffRequired?: boolean } | null;

export function TwoFactorSetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state0 = useLocation().state as SetupState;
  const { state, retry } = useTwoFactorSetup();
  const [codes, setCodes] = useState<string[] | null>(null);
  const { form, onSubmit, error } = useApiForm<{ code: string }>(TwoFactorCodeBodySchema, async ({ code }) => {
    const { recovery_codes } = await authApi.confirm2fa(code);
    setCodes(recovery_codes);
    await sessionManager.reload();
  });
  if (codes) {
    const back = state0?.from?.startsWith('/') && !state0.from.startsWith('//') ? state0.from : '/account#security';
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success">{t('auth.twoFactor.enabled')}</Alert>
        <RecoveryCodesPanel codes={codes} onDone={() => navigate(back, { replace: true })} />
      </div>
    );
  }
  if (state.kind === 'failed') {
    return (
      <Notice
        icon={AlertTriangle}
        tone="rose"
        title={t('auth.twoFactor.setupFailed')}
        testId="two-factor-setup-failed"
        actions={<Button onClick={retry}>{t('errorPage.retry')}</Button>}
      >
        {t(`errors.${state.error.code}`, { defaultValue: state.error.message })}
      </Notice>
    );
  }
  if (state.kind === 'loading') return <Loading label={t('common.loading')} />;
  const { setup } = state;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('auth.twoFactor.setupTitle')}</h1>
      <p className="text-sm text-muted">{t('auth.twoFactor.setupSubtitle')}</p>
      {state0?.staffRequired && <Alert tone="info">{t('auth.twoFactor.staffRequired')}</Alert>}
      <img src={setup.qr_code} alt={t('auth.twoFactor.qrAlt')} className="mx-auto size-48 rounded-xl bg-white p-2" />
      <p className="text-center text-xs text-muted">
        {t('auth.twoFactor.manual')} <code className="font-mono break-all">{setup.secret}</code>
      </p>
      {error && <Alert>{error}</Alert>}
      <Field
        label={t('auth.fields.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {t('auth.twoFactor.enable')}
      </Button>
      <Link to="/auth/2fa/setup/disband" className="text-center text-sm text-muted hover:underline">
        {t('auth.twoFactor.disband')}
      </Link>
    </form>
  );
}

/** Sends the browser to the server path that cancels an unfinished setup (specification §2). */
export function TwoFactorDisbandPage() {
  const { t } = useTranslation();
  useEffect(() => {
    window.location.assign('/api/auth/2fa/setup/kill');
  }, []);
  return <Loading label={t('common.loading')} />;
}
