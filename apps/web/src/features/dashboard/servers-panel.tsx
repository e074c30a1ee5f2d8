import type { FreeResources, MemberServer, QueueItem } from '@hostdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { Server } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';

const tone: Record<string, string> = {
  pending: 'bg-sky-500/15 text-sky-600 dark:text-sky-300',
  building: 'bg-amber-500/15 text-amber-600 dark:text-amber-300',
  completed: 'bg-emerald-500/15 text-emerald-600 dark:text-emerald-300',
  failed: 'bg-rose-500/15 text-rose-600 dark:text-rose-300',
};

/** The member's servers and their open requests; requests refresh every few seconds until built. */
export function ServersPanel() {
  const { t } = useTranslation();
  const servers = useQuery({
    queryKey: ['servers'],
    queryFn: () => api<{ data: MemberServer[] }>('/api/servers').then((r) => r.data),
  });
  const requests = useQuery({
    queryKey: ['servers', 'requests'],
    queryFn: () => api<{ data: QueueItem[]; free: FreeResources }>('/api/servers/requests'),
    refetchInterval: (q) =>
      q.state.data?.data.some((r) => r.status === 'pending' || r.status === 'building') ? 5000 : false,
  });
  const open = requests.data?.data.filter((r) => r.status !== 'completed') ?? [];
  return (
    <div className="flex flex-col gap-3" data-testid="servers-panel">
      {servers.data?.length === 0 && open.length === 0 && (
        <p className="text-sm text-slate-500">{t('dashboard.noServers')}</p>
      )}
      <ul className="grid gap-3 sm:grid-cols-2">
        {servers.data?.map((s) => (
          <li key={s.id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
            <div className="flex items-center gap-2">
              <Server className="size-4 text-brand-400" aria-hidden />
              <span className="font-semibold">{s.name}</span>
              <span className="ml-auto rounded px-2 py-0.5 text-xs">
                {t(`dashboard.serverStatus.${s.status}`, { defaultValue: s.status })}
              </span>
            </div>
            <p className="mt-1 text-xs text-slate-500">
              {s.memory} MB · {s.cpu}% · {s.disk} MB
            </p>
          </li>
        ))}
      </ul>
      {open.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={t('dashboard.requests')}>
          {open.map((r) => (
            <li
              key={r.id}
              className="flex items-center gap-2 rounded-xl bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800/60"
            >
              <span className="font-medium">{r.name}</span>
              <span className={`rounded px-2 py-0.5 text-xs ${tone[r.status] ?? ''}`}>
                {t(`dashboard.queueStatus.${r.status}`)}
              </span>
              {r.last_error && r.status === 'failed' && (
                <span className="truncate text-xs text-rose-500">{r.last_error}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
