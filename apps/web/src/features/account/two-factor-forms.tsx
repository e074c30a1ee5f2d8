import { RecoveryCodesRegenerateBodySchema, TwoFactorAnyCodeBodySchema } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { SecondFactorField } from '../auth/second-factor-field.tsx';
import { useApiForm } from '../auth/use-api-form.ts';
import { useDisableTwoFactor, useRegenerateRecoveryCodes } from './two-factor-api.ts';

const box = 'flex flex-col gap-3 rounded-xl border p-3';

/** Turning two-factor off: a current code from the app or an unused recovery code. */
export function DisableTwoFactorForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();
  const { form, onSubmit, error } = useApiForm<{ code: string }>(TwoFactorAnyCodeBodySchema, async ({ code }) => {
    await disable.mutateAsync(code);
    onClose();
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={`${box} border-rose-500/40 bg-rose-500/5`}
      data-testid="two-factor-disable-form"
    >
      <p className="text-sm">{t('account.twoFactor.disableExplain')}</p>
      {error && <Alert>{error}</Alert>}
      <SecondFactorField error={errors.code?.message} {...form.register('code')} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={isSubmitting} data-testid="two-factor-disable-submit">
          {isSubmitting ? t('common.working') : t('account.twoFactor.disableSubmit')}
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
          {t('resource.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** New recovery codes after the password is confirmed; `onCodes` receives them (shown once). */
export function RegenerateCodesForm({
  onCodes,
  onCancel,
}: {
  onCodes: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const regenerate = useRegenerateRecoveryCodes();
  const { form, onSubmit, error } = useApiForm<{ password: string }>(
    RecoveryCodesRegenerateBodySchema,
    async ({ password }) => {
      const { recovery_codes } = await regenerate.mutateAsync(password);
      onCodes(recovery_codes);
    },
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={`${box} border-slate-300 dark:border-slate-700`}
      data-testid="recovery-codes-regenerate-form"
    >
      <p className="text-sm">{t('account.twoFactor.regenerateExplain')}</p>
      {error && <Alert>{error}</Alert>}
      <Field
        type="password"
        label={t('auth.fields.password')}
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting} data-testid="recovery-codes-regenerate-submit">
          {isSubmitting ? t('common.working') : t('account.twoFactor.regenerateSubmit')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          {t('resource.cancel')}
        </Button>
      </div>
    </form>
  );
}
