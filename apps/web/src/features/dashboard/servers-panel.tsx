import { Plus, Server } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { useSetting } from '../../lib/use-settings.ts';
import { useServerRequests, useServers } from '../servers/api.ts';
import { DemoPanelNote } from '../servers/demo-panel-note.tsx';
import { ServerCard } from './server-card.tsx';

const tone: Record<string, string> = {
  pending: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  building: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  completed: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  failed: 'bg-rose-500/15 text-rose-700 dark:text-rose-300',
};
const createLink =
  'inline-flex min-h-10 items-center gap-2 rounded-xl bg-brand-500 px-4 py-2 text-sm font-semibold text-slate-950 hover:bg-brand-400';

/** The member's servers and their open requests; requests refresh every few seconds until built. */
export function ServersPanel() {
  const { t } = useTranslation();
  const f = useFormat();
  const servers = useServers();
  const requests = useServerRequests();
  const canCreate = useSetting<boolean>('allow_servers') !== false;
  const canRenew = useSetting<boolean>('server_renew_enabled') === true;
  const open = requests.data?.data.filter((r) => r.status !== 'completed') ?? [];
  const empty = servers.data?.data.length === 0 && open.length === 0;
  const failure = servers.error ?? requests.error;
  return (
    <section
      className="surface flex flex-col gap-4 p-4 sm:p-6"
      aria-labelledby="servers-title"
      data-testid="servers-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="servers-title" className="text-lg font-semibold">
          {t('dashboard.serversTitle')}
        </h2>
        {canCreate && !empty && (
          <Link to="/server/create" className={createLink} data-testid="create-server">
            <Plus className="size-4" aria-hidden /> {t('dashboard.createServer')}
          </Link>
        )}
      </div>
      <DemoPanelNote panel={servers.data?.panel} />
      {servers.isPending && <Loading label={t('common.loading')} />}
      {failure && <Alert>{t(`errors.${failure instanceof ApiError ? failure.code : 'SERVER_ERROR'}`)}</Alert>}
      {empty && (
        <div className="flex flex-col items-center gap-3 py-6 text-center" data-testid="servers-empty">
          <Server className="size-10 text-slate-400" aria-hidden />
          <p className="text-sm text-muted">{t('dashboard.noServers')}</p>
          {canCreate && (
            <Link to="/server/create" className={createLink} data-testid="create-server">
              <Plus className="size-4" aria-hidden /> {t('dashboard.createServer')}
            </Link>
          )}
        </div>
      )}
      {open.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-muted">{t('dashboard.requests')}</h3>
          <ul className="flex flex-col gap-2" aria-label={t('dashboard.requests')}>
            {open.map((r) => (
              <li
                key={r.id}
                data-testid="server-request"
                data-status={r.status}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800/60"
              >
                <span className="min-w-0 truncate font-medium">{r.name}</span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone[r.status] ?? ''}`}>
                  {t(`dashboard.queueStatus.${r.status}`)}
                </span>
                <time dateTime={r.created_at} className="ml-auto text-xs text-muted">
                  {f.relative(r.created_at)}
                </time>
                {r.last_error && r.status === 'failed' && (
                  <p className="w-full text-xs break-words text-rose-600 dark:text-rose-400" title={r.last_error}>
                    {queueError(t, r.last_error)}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {servers.data && servers.data.data.length > 0 && (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-label={t('dashboard.serversTitle')}>
          {servers.data.data.map((s) => (
            <ServerCard key={s.id} server={s} canRenew={canRenew} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A failed request's reason in the member's language: the queue stores `CODE: the panel's words`
 * (English, kept for staff and in the tooltip); the code's own sentence is shown.
 */
function queueError(t: (key: string, options?: { defaultValue: string }) => string, lastError: string): string {
  const [, code, words] = /^([A-Z_]+): (.*)$/s.exec(lastError) ?? [];
  return code ? t(`dashboard.queueError.${code}`, { defaultValue: words ?? lastError }) : lastError;
}
