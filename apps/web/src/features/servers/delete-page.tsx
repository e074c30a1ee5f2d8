import type { ServerDetail } from '@hostdeck/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { serverKeys, useDeleteServer } from './api.ts';
import { secondaryLink } from './page-parts.tsx';
import { ServerGate } from './server-gate.tsx';

/** /server/:id/delete: the member types the server's name, exactly, before it goes for good. */
export function DeleteServerPage() {
  return <ServerGate refused={['other_panel']}>{(detail, id) => <DeleteView detail={detail} id={id} />}</ServerGate>;
}

function DeleteView({ detail, id }: { detail: ServerDetail; id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const remove = useDeleteServer(id);
  const [typed, setTyped] = useState('');
  const name = detail.data.name;
  const matches = typed === name;
  const error =
    remove.error instanceof ApiError
      ? t(`errors.${remove.error.code}`, { defaultValue: remove.error.message })
      : remove.error
        ? t('errors.SERVER_ERROR')
        : null;
  const confirm = async () => {
    if (!matches) return;
    try {
      await remove.mutateAsync();
    } catch {
      return; // shown from remove.error
    }
    await navigate('/dashboard');
    client.removeQueries({ queryKey: serverKeys.detail(id) });
  };
  return (
    <form
      className="surface mx-auto flex max-w-lg flex-col gap-4 p-6"
      data-testid="server-delete"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
    >
      <Trash2 className="size-8 text-rose-500" aria-hidden />
      <h1 className="text-xl font-bold break-words">{t('servers.delete.title', { name })}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('servers.delete.warning')}</p>
      <p className="text-sm font-semibold text-rose-600 dark:text-rose-400">{t('servers.delete.final')}</p>
      {error && <Alert>{error}</Alert>}
      <Field
        label={t('servers.delete.typeName', { name })}
        data-testid="delete-confirm-input"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Link to="/dashboard" className={secondaryLink}>
          {t('resource.cancel')}
        </Link>
        <Button
          type="submit"
          variant="danger"
          data-testid="delete-confirm"
          className="disabled:opacity-50"
          disabled={!matches || remove.isPending}
        >
          <Trash2 className="size-4" aria-hidden />
          {remove.isPending ? t('common.working') : t('servers.delete.confirm')}
        </Button>
      </div>
    </form>
  );
}
