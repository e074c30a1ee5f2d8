import { type Passkey, passkeyLimits } from '@hostdeck/contracts';
import { Cloud, KeyRound, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { useFormat } from '../../lib/format.ts';
import { usePasskeyErrorText, useRemovePasskey, useRenamePasskey } from './api.ts';

/** One passkey of mine: its name and dates, rename in place, remove after confirming. */
export function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { t } = useTranslation();
  const f = useFormat();
  const errorText = usePasskeyErrorText();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [mode, setMode] = useState<'view' | 'rename' | 'remove'>('view');
  const [name, setName] = useState(passkey.name);
  const error = rename.error ?? remove.error;
  const synced = passkey.device_type === 'multiDevice' || passkey.backed_up;

  const submitRename = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate({ id: passkey.id, name }, { onSuccess: () => setMode('view') });
  };

  return (
    <li className="flex flex-col gap-3 py-3" data-testid="passkey-row">
      <div className="flex flex-wrap items-center gap-3">
        <KeyRound className="size-5 shrink-0 text-brand-500" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words" data-testid="passkey-name">
            {passkey.name}
            {synced && (
              <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-sky-500/10 px-2 py-0.5 text-xs text-sky-700 dark:text-sky-300">
                <Cloud className="size-3" aria-hidden />
                {t('passkeys.synced')}
              </span>
            )}
          </p>
          <p className="text-xs text-muted">
            {t('passkeys.added', { date: f.date(passkey.created_at) })} ·{' '}
            {passkey.last_used_at
              ? t('passkeys.lastUsed', { date: f.dateTime(passkey.last_used_at) })
              : t('passkeys.neverUsed')}
          </p>
        </div>
        {mode === 'view' && (
          <div className="flex gap-2">
            <Button
              variant="ghost"
              aria-label={t('passkeys.renameLabel', { name: passkey.name })}
              onClick={() => {
                rename.reset();
                setName(passkey.name);
                setMode('rename');
              }}
            >
              <Pencil className="size-4" aria-hidden />
              {t('passkeys.rename')}
            </Button>
            <Button
              variant="ghost"
              aria-label={t('passkeys.removeLabel', { name: passkey.name })}
              onClick={() => {
                remove.reset();
                setMode('remove');
              }}
            >
              <Trash2 className="size-4" aria-hidden />
              {t('passkeys.remove')}
            </Button>
          </div>
        )}
      </div>
      {error && <Alert>{errorText(error)}</Alert>}
      {mode === 'rename' && (
        <form onSubmit={submitRename} className="flex flex-wrap items-end gap-2">
          <Field
            label={t('passkeys.name')}
            value={name}
            maxLength={passkeyLimits.nameMax}
            onChange={(e) => setName(e.target.value)}
            className="min-w-48 flex-1"
            autoFocus
          />
          <Button type="submit" disabled={rename.isPending || name.trim() === ''}>
            {rename.isPending ? t('common.working') : t('passkeys.save')}
          </Button>
          <Button variant="secondary" onClick={() => setMode('view')} disabled={rename.isPending}>
            {t('resource.cancel')}
          </Button>
        </form>
      )}
      {mode === 'remove' && (
        <div
          className="flex flex-col gap-3 rounded-xl border border-rose-500/40 bg-rose-500/5 p-3"
          data-testid="passkey-remove-confirm"
        >
          <p className="text-sm">{t('passkeys.removeConfirm', { name: passkey.name })}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate(passkey.id, { onSuccess: () => setMode('view') })}
            >
              {remove.isPending ? t('common.working') : t('passkeys.removeYes')}
            </Button>
            <Button variant="secondary" onClick={() => setMode('view')} disabled={remove.isPending}>
              {t('resource.cancel')}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
