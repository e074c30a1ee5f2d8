import { forwardRef, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field.tsx';

/**
 * The one input for a second factor: a 6-digit TOTP code or a recovery code (xxxxx-xxxxx), used
 * wherever the server accepts either (sign-in verify, turning two-factor off).
 */
export const SecondFactorField = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { error?: string }
>(function SecondFactorField(props, ref) {
  const { t } = useTranslation();
  return (
    <Field
      ref={ref}
      label={t('auth.fields.code')}
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={11}
      hint={t('auth.twoFactor.recoveryHint')}
      {...props}
    />
  );
});
