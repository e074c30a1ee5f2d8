import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { useFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { useSession } from '../../lib/use-session.ts';
import { useErrorText } from '../discord/api.ts';
import { useApiKeys, useRevokeApiKey } from './api.ts';
import { ApiKeyForm } from './api-key-form.tsx';

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase text-muted';
const td = 'px-3 py-2 align-middle';

/**
 * /mc-admin/api-keys: keys for integrations (Authorization: Bearer). A new key is shown once; the
 * list only knows its first characters. Revoking stops it at once.
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const errorText = useErrorText();
  const list = useApiKeys();
  const revoke = useRevokeApiKey();
  const canCreate = useCan('admin.apikeys.create');
  const canRevoke = useCan('admin.apikeys.delete');
  const held = useSession().data?.permissions ?? [];
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header>
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <KeyRound className="size-6 text-brand-500" aria-hidden /> {t('apiKeys.title')}
        </h1>
        <p className="mt-1 text-sm text-muted">{t('apiKeys.subtitle')}</p>
      </header>
      {secret && (
        <Alert tone="success">
          <span className="flex flex-col gap-2">
            <span>{t('apiKeys.shownOnce')}</span>
            <code className="break-all font-mono text-xs" data-testid="api-key-secret">
              {secret}
            </code>
          </span>
        </Alert>
      )}
      {canCreate && <ApiKeyForm held={held} onCreated={setSecret} />}
      {revoke.error && <Alert>{errorText(revoke.error)}</Alert>}
      {list.isPending ? (
        <Loading label={t('common.loading')} />
      ) : list.isError ? (
        <Alert>{errorText(list.error)}</Alert>
      ) : list.data.data.length === 0 ? (
        <p className="text-sm text-muted">{t('apiKeys.empty')}</p>
      ) : (
        // relative: the sr-only heading (absolute) scrolls with the table instead of widening the page.
        <div className="relative overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800">
          <table className="w-full text-sm" aria-label={t('apiKeys.title')}>
            <thead>
              <tr>
                <th className={th}>{t('apiKeys.name')}</th>
                <th className={th}>{t('apiKeys.prefix')}</th>
                <th className={th}>{t('apiKeys.permissions')}</th>
                <th className={th}>{t('apiKeys.lastUsed')}</th>
                <th className={th}>
                  <span className="sr-only">{t('apiKeys.revoke')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((k) => (
                <tr key={k.id} className="border-t border-slate-200 dark:border-slate-800" data-testid="api-key-row">
                  <td className={td}>{k.name}</td>
                  <td className={`${td} font-mono text-xs`}>{k.prefix}…</td>
                  <td className={`${td} min-w-48 text-xs break-all`}>{k.permissions.join(', ')}</td>
                  <td className={td}>{k.last_used_at ? f.date(k.last_used_at) : '—'}</td>
                  <td className={`${td} text-right`}>
                    {k.revoked_at ? (
                      <span className="text-xs text-muted">{t('apiKeys.revoked')}</span>
                    ) : (
                      canRevoke && (
                        <Button
                          variant="danger"
                          disabled={revoke.isPending}
                          onClick={() => revoke.mutate(k.id)}
                          data-testid="api-key-revoke"
                        >
                          {t('apiKeys.revoke')}
                        </Button>
                      )
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
