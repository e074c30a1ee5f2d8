import { PasswordChangeSchema } from '@hostdeck/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { useApiForm } from '../auth/use-api-form.ts';
import { accountApi, codeFieldMessages } from './account-api.ts';
import { NoPasswordNotice } from './no-password-notice.tsx';
import { AccountSection } from './section-frame.tsx';

const Schema = PasswordChangeSchema.extend({ confirm: z.string() }).refine((v) => v.password === v.confirm, {
  path: ['confirm'],
  message: 'mismatch',
});
type Values = z.infer<typeof Schema>;
const empty: Values = { current_password: '', password: '', confirm: '' };

/** #password: the current password, then the new one twice; the member's other sessions end. */
export function PasswordSection() {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  const { form, onSubmit, error } = useApiForm<Values>(
    Schema,
    async ({ current_password, password }) => {
      setDone(false);
      await accountApi.password({ current_password, password });
      form.reset(empty);
      setDone(true);
    },
    { defaultValues: empty },
    codeFieldMessages(t),
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <AccountSection id="password" title={t('account.password.title')} intro={t('account.password.intro')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="password-form">
        <NoPasswordNotice />
        {error && <Alert>{error}</Alert>}
        {done && <Alert tone="success">{t('account.password.done')}</Alert>}
        <Field
          label={t('account.currentPassword')}
          type="password"
          autoComplete="current-password"
          className="sm:max-w-sm"
          error={errors.current_password?.message}
          {...form.register('current_password')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('auth.fields.newPassword')}
            type="password"
            autoComplete="new-password"
            hint={t('auth.register.passwordHint')}
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
        </div>
        <Button type="submit" className="self-start" disabled={isSubmitting}>
          {isSubmitting ? t('common.working') : t('account.password.submit')}
        </Button>
      </form>
    </AccountSection>
  );
}
