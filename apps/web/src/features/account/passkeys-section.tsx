import { identityProofFields, PasskeyNameSchema, passkeyLimits, proofGiven, proofMissing } from '@hostdeck/contracts';
import { Fingerprint, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useApiForm } from '../auth/use-api-form.ts';
import { passkeysSupported, useAddPasskey, usePasskeyErrorText, usePasskeys } from '../passkeys/api.ts';
import { PasskeyRow } from '../passkeys/passkey-row.tsx';
import { codeFieldMessages } from './account-api.ts';
import { IdentityProofFields } from './identity-proof-fields.tsx';

const AddPasskeySchema = z
  .object({ name: PasskeyNameSchema, ...identityProofFields })
  .strict()
  .refine(proofGiven, proofMissing);
type AddPasskeyForm = z.infer<typeof AddPasskeySchema>;

/**
 * My passkeys (#passkeys on /account): sign in without a password, or use one instead of the
 * two-factor code. Adding one asks for a name and the password (or a two-factor code), then the
 * browser's own dialog.
 */
export function PasskeysSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const list = usePasskeys();
  const add = useAddPasskey();
  const errorText = usePasskeyErrorText();
  const [naming, setNaming] = useState(false);
  const supported = passkeysSupported();
  const passkeys = list.data?.passkeys ?? [];
  const full = passkeys.length >= passkeyLimits.perMember;
  // The owner's proof goes with the name: the server gives no options to a session alone.
  const { form, onSubmit } = useApiForm<AddPasskeyForm>(
    AddPasskeySchema,
    async (values) => {
      await add.mutateAsync(values);
      setNaming(false);
      form.reset({ name: '' });
    },
    { defaultValues: { name: '' }, shouldUnregister: true },
    codeFieldMessages(t),
  );
  const { errors } = form.formState;
  const name = form.watch('name') ?? '';

  return (
    <section
      id="passkeys"
      className="surface flex scroll-mt-20 flex-col gap-4 p-4 sm:p-6"
      aria-labelledby={titleId}
      data-testid="passkeys-section"
    >
      <div className="flex items-start gap-3">
        <Fingerprint className="size-8 shrink-0 rounded-xl bg-brand-500/10 p-1.5 text-brand-500" aria-hidden />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-lg font-semibold">
            {t('passkeys.title')}
          </h2>
          <p className="text-sm text-muted">{t('passkeys.hint')}</p>
        </div>
      </div>
      {!supported && <Alert tone="info">{t('passkeys.errors.unsupported')}</Alert>}
      {list.isError && <Alert>{errorText(list.error)}</Alert>}
      {list.isSuccess &&
        (passkeys.length === 0 ? (
          <p className="text-sm text-muted" data-testid="passkeys-empty">
            {t('passkeys.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {passkeys.map((p) => (
              <PasskeyRow key={p.id} passkey={p} />
            ))}
          </ul>
        ))}
      {/* A refusal of the password or code is shown at its field; anything else here. */}
      {add.isError && !(add.error instanceof ApiError && Object.keys(add.error.fields).length > 0) && (
        <Alert>{errorText(add.error)}</Alert>
      )}
      {add.isSuccess && !naming && <Alert tone="success">{t('passkeys.addedNotice')}</Alert>}
      {naming ? (
        <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-3">
          <Field
            label={t('passkeys.name')}
            hint={t('passkeys.nameHint')}
            maxLength={passkeyLimits.nameMax}
            error={errors.name?.message}
            autoFocus
            {...form.register('name')}
          />
          <IdentityProofFields register={form.register as never} errors={errors} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={add.isPending || name.trim() === ''}>
              {add.isPending ? t('passkeys.waiting') : t('passkeys.continue')}
            </Button>
            <Button variant="secondary" onClick={() => setNaming(false)} disabled={add.isPending}>
              {t('resource.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <Button
          className="self-start"
          disabled={!supported || full || !list.isSuccess}
          onClick={() => {
            add.reset();
            setNaming(true);
          }}
        >
          <Plus className="size-4" aria-hidden />
          {t('passkeys.add')}
        </Button>
      )}
      {full && <p className="text-xs text-muted">{t('passkeys.full', { max: passkeyLimits.perMember })}</p>}
    </section>
  );
}
