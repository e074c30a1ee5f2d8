import { type RedeemCode, RedeemCodeCreateSchema, RedeemCodeUpdateSchema } from '@hostdeck/contracts';
import { Dices } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { nullableNumber, requiredNumber } from '../admin/resource/form-values.ts';
import { ResourceEditPage, ResourceFormFrame } from '../admin/resource/resource-edit-page.tsx';
import { useResourceEditor } from '../admin/resource/use-resource-editor.ts';
import { fromLocalInput, randomCode, redeemCodesApi, toLocalInput } from './api.ts';
import { BASE } from './redeem-codes-list.tsx';

/** /mc-admin/redeem-codes/create and /:id/edit: one form, validated by the contract's schemas. */
export function RedeemCodeFormPage() {
  return <ResourceEditPage api={redeemCodesApi}>{(code) => <RedeemCodeForm code={code} />}</ResourceEditPage>;
}

function RedeemCodeForm({ code }: { code?: RedeemCode }) {
  const { t } = useTranslation();
  const editor = useResourceEditor({
    api: redeemCodesApi,
    item: code,
    create: RedeemCodeCreateSchema,
    update: RedeemCodeUpdateSchema,
    listPath: BASE,
    // Codes are unique: a taken one is this field's problem.
    unique: { field: 'code', message: 'redeemCodes.taken' },
    defaults: (c) =>
      c
        ? { code: c.code, coins: c.coins, max_uses: c.max_uses, expires_at: c.expires_at, enabled: c.enabled }
        : { code: '', coins: 100, max_uses: null, expires_at: null, enabled: true },
    extras: {
      // "At least 3" (a limit below the uses so far), in the admin's language.
      fieldMessage: (_err, field, message) => {
        const n = message.match(/At least (\d+)/)?.[1];
        return field === 'max_uses' && n ? t('redeemCodes.atLeastUses', { count: Number(n) }) : undefined;
      },
    },
  });
  const { form, errors } = editor;
  const expires = form.watch('expires_at');
  return (
    <ResourceFormFrame
      editor={editor}
      title={code ? t('redeemCodes.editTitle', { code: code.code }) : t('redeemCodes.createTitle')}
      cancelTo={BASE}
      testId="redeem-code"
    >
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
        {...form.register('coins', { setValueAs: requiredNumber })}
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
        {...form.register('max_uses', { setValueAs: nullableNumber })}
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
    </ResourceFormFrame>
  );
}
