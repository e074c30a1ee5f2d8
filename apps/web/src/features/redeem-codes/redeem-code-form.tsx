import { type RedeemCode, RedeemCodeCreateSchema, RedeemCodeUpdateSchema } from '@hostdeck/contracts';
import { Dices } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useApiForm } from '../auth/use-api-form.ts';
import { LoadError, secondaryLink } from '../servers/page-parts.tsx';
import { fromLocalInput, randomCode, redeemCodesApi, toLocalInput } from './api.ts';
import { BASE } from './redeem-codes-list.tsx';

const EditSchema = RedeemCodeUpdateSchema.omit({ updated_at: true });
type Values = z.infer<typeof RedeemCodeCreateSchema>;

/** /mc-admin/redeem-codes/create and /:id/edit: one form, validated by the contract's schemas. */
export function RedeemCodeFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const code = redeemCodesApi.useItem(id);
  if (id && code.isPending) return <Loading label={t('common.loading')} />;
  if (id && code.isError) return <LoadError error={code.error} />;
  return <RedeemCodeForm key={code.data?.updated_at ?? 'new'} code={code.data} />;
}

function RedeemCodeForm({ code }: { code?: RedeemCode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = redeemCodesApi.useCreate();
  const update = redeemCodesApi.useUpdate(String(code?.id ?? ''));
  const { form, onSubmit, error } = useApiForm<Values>(
    (code ? EditSchema : RedeemCodeCreateSchema) as never,
    async (values) => {
      try {
        if (code) await update.mutateAsync({ ...values, updated_at: code.updated_at });
        else await create.mutateAsync(values);
      } catch (err) {
        // Codes are unique: a taken one is this field's problem.
        if (err instanceof ApiError && err.code === 'ALREADY_EXISTS') {
          form.setError('code', { message: t('redeemCodes.taken') });
          return;
        }
        throw err;
      }
      await navigate(BASE);
    },
    {
      defaultValues: code
        ? {
            code: code.code,
            coins: code.coins,
            max_uses: code.max_uses,
            expires_at: code.expires_at,
            enabled: code.enabled,
          }
        : { code: '', coins: 100, max_uses: null, expires_at: null, enabled: true },
    },
    {
      // "At least 3" (a limit below the uses so far), in the admin's language.
      fieldMessage: (_err, field, message) => {
        const n = message.match(/At least (\d+)/)?.[1];
        return field === 'max_uses' && n ? t('redeemCodes.atLeastUses', { count: Number(n) }) : undefined;
      },
    },
  );
  const { errors, isSubmitting } = form.formState;
  const expires = form.watch('expires_at');
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="surface mx-auto flex max-w-xl flex-col gap-4 p-6"
      data-testid="redeem-code-form"
    >
      <h1 className="text-xl font-bold break-words">
        {code ? t('redeemCodes.editTitle', { code: code.code }) : t('redeemCodes.createTitle')}
      </h1>
      {error && <Alert>{error}</Alert>}
      <div className="flex items-start gap-2">
        <Field
          className="min-w-0 flex-1 [&_input]:font-mono [&_input]:uppercase"
          label={t('redeemCodes.fields.code')}
          hint={t('redeemCodes.hints.code')}
          data-testid="redeem-code-code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          error={errors.code?.message}
          {...form.register('code')}
        />
        <Button
          variant="secondary"
          data-testid="generate-code"
          className="mt-[1.625rem] shrink-0"
          onClick={() => form.setValue('code', randomCode(), { shouldValidate: true, shouldDirty: true })}
        >
          <Dices className="size-4" aria-hidden />
          {t('redeemCodes.generate')}
        </Button>
      </div>
      <Field
        label={t('redeemCodes.fields.coins')}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        data-testid="redeem-code-coins"
        error={errors.coins?.message}
        {...form.register('coins', { setValueAs: (v) => (v === '' || v === null ? Number.NaN : Number(v)) })}
      />
      <Field
        label={t('redeemCodes.fields.max_uses')}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        hint={t('redeemCodes.hints.max_uses')}
        data-testid="redeem-code-max-uses"
        error={errors.max_uses?.message}
        {...form.register('max_uses', {
          setValueAs: (v) => (v === '' || v === null || v === undefined ? null : Number(v)),
        })}
      />
      <Field
        label={t('redeemCodes.fields.expires_at')}
        type="datetime-local"
        hint={t('redeemCodes.hints.expires_at')}
        data-testid="redeem-code-expires"
        error={errors.expires_at?.message}
        value={toLocalInput(expires ?? null)}
        onChange={(e) =>
          form.setValue('expires_at', fromLocalInput(e.target.value), { shouldValidate: true, shouldDirty: true })
        }
      />
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="size-4" data-testid="redeem-code-enabled" {...form.register('enabled')} />
        {t('redeemCodes.fields.enabled')}
      </label>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={BASE} className={secondaryLink}>
          {t('resource.cancel')}
        </Link>
        <Button type="submit" data-testid="redeem-code-submit" disabled={isSubmitting}>
          {t('resource.save')}
        </Button>
      </div>
    </form>
  );
}
