import { type ProfileUpdate, ProfileUpdateSchema } from '@hostdeck/contracts';
import { Image } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { useSession } from '../../lib/use-session.ts';
import { useApiForm } from '../auth/use-api-form.ts';
import { accountApi, useAccountChanged } from './account-api.ts';
import { AccountSection } from './section-frame.tsx';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** #profile: first and last name, whether other members see the profile, and the pictures (#appearance). */
export function ProfileSection() {
  const { t } = useTranslation();
  const info = useSession().data?.userInfo ?? {};
  const changed = useAccountChanged();
  const [saved, setSaved] = useState(false);
  const { form, onSubmit, error } = useApiForm<ProfileUpdate>(
    ProfileUpdateSchema,
    async (values) => {
      setSaved(false);
      await accountApi.profile(values);
      await changed();
      setSaved(true);
    },
    {
      defaultValues: {
        first_name: text(info.first_name),
        last_name: text(info.last_name),
        public_profile: info.public_profile !== false,
      },
    },
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <AccountSection id="profile" title={t('account.profile.title')} intro={t('account.profile.intro')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="profile-form">
        {error && <Alert>{error}</Alert>}
        {saved && <Alert tone="success">{t('account.saved')}</Alert>}
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
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" className="mt-1 size-4" {...form.register('public_profile')} />
          <span>
            <span className="font-medium">{t('account.profile.public')}</span>
            <span className="block text-xs text-muted">{t('account.profile.publicHint')}</span>
          </span>
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('common.working') : t('account.save')}
          </Button>
          <a
            href="#appearance"
            className="inline-flex items-center gap-2 text-sm text-brand-600 hover:underline dark:text-brand-300"
          >
            <Image className="size-4" aria-hidden />
            {t('account.profile.pictures')}
          </a>
        </div>
      </form>
    </AccountSection>
  );
}
