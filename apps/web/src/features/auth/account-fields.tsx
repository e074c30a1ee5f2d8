import { type RegisterBody, RegisterBodySchema } from '@hostdeck/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field.tsx';

export type AccountValues = Omit<RegisterBody, 'ref'>;
/** The contract's sign-up schema without the referral code (that comes from the link). */
export const AccountSchema = RegisterBodySchema.omit({ ref: true });

/** Name, username, email and password: the fields sign-up and first-run setup share. */
export function AccountFields({ form, hints = false }: { form: UseFormReturn<AccountValues>; hints?: boolean }) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('auth.fields.firstName')}
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...form.register('first_name')}
        />
        <Field
          label={t('auth.fields.lastName')}
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...form.register('last_name')}
        />
      </div>
      <Field
        label={t('auth.fields.username')}
        autoComplete="username"
        hint={hints ? t('auth.register.usernameHint') : undefined}
        error={errors.username?.message}
        {...form.register('username')}
      />
      <Field
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Field
        label={t('auth.fields.password')}
        type="password"
        autoComplete="new-password"
        hint={hints ? t('auth.register.passwordHint') : undefined}
        error={errors.password?.message}
        {...form.register('password')}
      />
    </>
  );
}
