import { type BillingUpdate, BillingUpdateSchema } from '@hostdeck/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { useSession } from '../../lib/use-session.ts';
import { useApiForm } from '../auth/use-api-form.ts';
import { accountApi, codeFieldMessages, useAccountChanged } from './account-api.ts';
import { AccountSection } from './section-frame.tsx';

const fields = [
  ['company', 'organization', 'sm:col-span-2'],
  ['address', 'street-address', 'sm:col-span-2'],
  ['city', 'address-level2', ''],
  ['state', 'address-level1', ''],
  ['zip', 'postal-code', ''],
  ['country', 'country-name', ''],
  ['vat', 'off', 'sm:col-span-2'],
] as const;

/** #billing: the name or company, address and VAT number printed on receipts (the session's `billing`). */
export function BillingSection() {
  const { t } = useTranslation();
  const billing = useSession().data?.billing ?? {};
  const changed = useAccountChanged();
  const [saved, setSaved] = useState(false);
  const { form, onSubmit, error } = useApiForm<BillingUpdate>(
    BillingUpdateSchema,
    async (values) => {
      setSaved(false);
      await accountApi.billing(values);
      await changed();
      setSaved(true);
    },
    {
      defaultValues: Object.fromEntries(
        fields.map(([name]) => [name, typeof billing[name] === 'string' ? billing[name] : '']),
      ) as BillingUpdate,
    },
    codeFieldMessages(t),
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <AccountSection id="billing" title={t('account.billing.title')} intro={t('account.billing.intro')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="billing-form">
        {error && <Alert>{error}</Alert>}
        {saved && <Alert tone="success">{t('account.saved')}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          {fields.map(([name, autoComplete, span]) => (
            <Field
              key={name}
              className={span}
              label={t(`account.billing.${name}`)}
              autoComplete={autoComplete}
              error={errors[name]?.message}
              {...form.register(name)}
            />
          ))}
        </div>
        <Button type="submit" className="self-start" disabled={isSubmitting}>
          {isSubmitting ? t('common.working') : t('account.save')}
        </Button>
      </form>
    </AccountSection>
  );
}
