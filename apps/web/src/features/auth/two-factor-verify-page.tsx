import { TwoFactorAnyCodeBodySchema } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { takeReturnPath } from '../../lib/return-path.ts';
import { sessionManager } from '../../lib/session-manager.ts';
import { PasskeyButton } from '../passkeys/passkey-button.tsx';
import { authApi } from './api.ts';
import { SecondFactorField } from './second-factor-field.tsx';
import { useApiForm } from './use-api-form.ts';

export function TwoFactorVerifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, onSubmit, error } = useApiForm<{ code: string }>(TwoFactorAnyCodeBodySchema, async ({ code }) => {
    await authApi.verify2fa(code);
    await sessionManager.reload();
    await navigate(takeReturnPath(), { replace: true });
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">{t('auth.twoFactor.verifyTitle')}</h1>
        <p className="mt-1 text-sm text-muted">{t('auth.twoFactor.verifySubtitle')}</p>
      </div>
      {error && <Alert>{error}</Alert>}
      <SecondFactorField error={errors.code?.message} {...form.register('code')} />
      <Button type="submit" disabled={isSubmitting}>
        {t('auth.twoFactor.verify')}
      </Button>
      <PasskeyButton mode="second-factor" />
      <Link to="/auth/logout" className="text-sm text-muted hover:underline">
        {t('auth.twoFactor.cancel')}
      </Link>
    </form>
  );
}
