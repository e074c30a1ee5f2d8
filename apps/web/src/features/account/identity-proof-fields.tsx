import { useState } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field.tsx';
import { useSession } from '../../lib/use-session.ts';
import { NoPasswordNotice } from './no-password-notice.tsx';

type Proof = { password?: string; code?: string };

/**
 * The owner's proof before what a session alone may not do (delete the account, add a passkey): the
 * current password or, with two-factor on, a code (a link switches between them). An account without
 * a password and without two-factor is told how to get one. The form needs `shouldUnregister`, so only
 * the field shown is sent.
 */
export function IdentityProofFields({
  register,
  errors,
}: {
  register: UseFormRegister<Proof>;
  errors: FieldErrors<Proof>;
}) {
  const { t } = useTranslation();
  const twoFactor = useSession().data?.userInfo?.two_fa_enabled === true;
  const [withCode, setWithCode] = useState(false);
  return (
    <>
      {!twoFactor && <NoPasswordNotice />}
      {withCode ? (
        <Field
          key="code"
          label={t('account.delete.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          error={errors.code?.message}
          {...register('code')}
        />
      ) : (
        <Field
          key="password"
          label={t('account.currentPassword')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
      )}
      {twoFactor && (
        <button
          type="button"
          className="self-start text-xs text-brand-600 hover:underline dark:text-brand-300"
          onClick={() => setWithCode((v) => !v)}
        >
          {withCode ? t('account.delete.usePassword') : t('account.delete.useCode')}
        </button>
      )}
    </>
  );
}
