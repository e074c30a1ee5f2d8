import { apiKeyLimits, hasPermission, permissionCatalogue } from '@hostdeck/contracts';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { useErrorText } from '../discord/api.ts';
import { describePermission } from '../roles/role-permissions.tsx';
import { useCreateApiKey } from './api.ts';

/** A new key: a name and some of my permissions (the server refuses any I do not hold). */
export function ApiKeyForm({ held, onCreated }: { held: readonly string[]; onCreated: (secret: string) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  // admin.root stays out of keys: a key names exactly what an integration may do.
  const offered = permissionCatalogue.filter((p) => p.value !== 'admin.root' && hasPermission(held, p.value));
  const toggle = (value: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(value)) next.delete(value);
      else next.add(value);
      return next;
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { name: name.trim(), permissions: [...chosen] },
      {
        onSuccess: (res) => {
          setName('');
          setChosen(new Set());
          onCreated(res.secret);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="surface flex flex-col gap-4 p-4 sm:p-6" data-testid="api-key-form">
      <h2 className="text-lg font-semibold">{t('apiKeys.create')}</h2>
      {create.error && <Alert>{errorText(create.error)}</Alert>}
      <Field
        label={t('apiKeys.name')}
        name="name"
        value={name}
        maxLength={apiKeyLimits.nameMax}
        required
        onChange={(e) => setName(e.target.value)}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('apiKeys.permissions')}</legend>
        <div className="grid max-h-72 grid-cols-1 gap-1 overflow-y-auto rounded-xl border border-slate-200 p-2 sm:grid-cols-2 dark:border-slate-800">
          {offered.map((p) => (
            <label key={p.value} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1"
                checked={chosen.has(p.value)}
                onChange={() => toggle(p.value)}
                data-testid={`api-key-permission-${p.value}`}
              />
              <span>
                {describePermission(p, t)} <code className="text-xs break-all text-muted">{p.value}</code>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" className="self-start" disabled={create.isPending || !name.trim() || chosen.size === 0}>
        <KeyRound className="size-4" aria-hidden />
        {create.isPending ? t('common.working') : t('apiKeys.create')}
      </Button>
    </form>
  );
}
