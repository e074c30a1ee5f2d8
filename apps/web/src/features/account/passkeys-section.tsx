import { passkeyLimits } from '@hostdeck/contracts';
import { Fingerprint, Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { passkeysSupported, useAddPasskey, usePasskeyErrorText, usePasskeys } from '../passkeys/api.ts';
import { PasskeyRow } from '../passkeys/passkey-row.tsx';

/**
 * My passkeys (#passkeys on /account): sign in without a password, or use one instead of the
 * two-factor code. Adding one asks for a name, then the browser's own dialog.
 */
export function PasskeysSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const list = usePasskeys();
  const add = useAddPasskey();
  const errorText = usePasskeyErrorText();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const supported = passkeysSupported();
  const passkeys = list.data?.passkeys ?? [];
  const full = passkeys.length >= passkeyLimits.perMember;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(name.trim(), {
      onSuccess: () => {
        setNaming(false);
        setName('');
      },
    });
  };

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
      {add.isError && <Alert>{errorText(add.error)}</Alert>}
      {add.isSuccess && !naming && <Alert tone="success">{t('passkeys.addedNotice')}</Alert>}
      {naming ? (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <Field
            label={t('passkeys.name')}
            hint={t('passkeys.nameHint')}
            value={name}
            maxLength={passkeyLimits.nameMax}
            onChange={(e) => setName(e.target.value)}
            className="min-w-48 flex-1"
            autoFocus
          />
          <Button type="submit" disabled={add.isPending || name.trim() === ''}>
            {add.isPending ? t('passkeys.waiting') : t('passkeys.continue')}
          </Button>
          <Button variant="secondary" onClick={() => setNaming(false)} disabled={add.isPending}>
            {t('resource.cancel')}
          </Button>
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
