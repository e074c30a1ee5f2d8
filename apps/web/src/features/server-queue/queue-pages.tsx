import { queueStatuses } from '@hostdeck/contracts';
import { Plus, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { intlLocale, useFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { ResourceDeletePage } from '../admin/resource/confirm-delete.tsx';
import { ResourceList, RowLink } from '../admin/resource/resource-list.tsx';
import { useListParams } from '../admin/resource/use-list-params.ts';
import { type AdminQueueItem, type QueueLog, queueApi, useQueueItem, useQueueLogs } from './api.ts';

const select =
  'min-h-10 rounded-xl border border-slate-300 bg-transparent px-3 text-sm dark:border-slate-700 dark:bg-slate-900';

/** Log lines as plain text, never as HTML. */
function LogLines({ lines }: { lines: QueueLog[] }) {
  const { i18n } = useTranslation();
  return (
    <ol className="surface max-h-[60vh] overflow-auto p-3 font-mono text-xs" data-testid="queue-logs">
      {lines.map((l) => (
        <li key={l.id} className={l.level === 'error' ? 'text-danger' : l.level === 'warn' ? 'text-amber-500' : ''}>
          {new Date(l.created_at).toLocaleString(intlLocale(i18n.language))} [{l.level}] {l.message}
        </li>
      ))}
    </ol>
  );
}

export function QueueList() {
  const { t } = useTranslation();
  const f = useFormat();
  const list = useListParams(['status']);
  const query = queueApi.useList(list.params);
  const canView = useCan('admin.server.queue.view');
  const canLogs = useCan('admin.server.queue.logs.view');
  const canCreate = useCan('admin.server.queue.create');
  const heartbeat = (query.data as { heartbeat?: string | null } | undefined)?.heartbeat;
  return (
    <div className="flex flex-col gap-3">
      <p className="mx-auto w-full max-w-6xl text-sm text-muted" data-testid="queue-heartbeat">
        {heartbeat ? t('queue.heartbeat', { when: f.dateTime(heartbeat) }) : t('queue.noHeartbeat')}
        {canLogs && (
          <Link to="/mc-admin/server-queue/logs" className="ml-3 text-brand-600 hover:underline dark:text-brand-300">
            {t('queue.allLogs')}
          </Link>
        )}
      </p>
      <ResourceList<AdminQueueItem>
        title={t('admin.nav.serverQueue')}
        list={list}
        query={query}
        rowKey={(i) => i.id}
        toolbar={
          canCreate && (
            <Link
              to="/mc-admin/server-queue/create"
              data-testid="queue-create"
              className="inline-flex items-center gap-2 rounded-xl bg-brand-500 px-4 py-2 text-sm font-semibold text-slate-950 hover:bg-brand-400"
            >
              <Plus className="size-4" aria-hidden /> {t('queue.create')}
            </Link>
          )
        }
        filters={
          <select
            className={select}
            value={list.get('status')}
            onChange={(e) => list.set({ status: e.target.value })}
            aria-label={t('queue.status')}
          >
            <option value="">{t('queue.anyStatus')}</option>
            {queueStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`dashboard.queueStatus.${s}`)}
              </option>
            ))}
          </select>
        }
        columns={[
          { key: 'name', header: t('queue.server'), render: (i) => <span className="font-medium">{i.name}</span> },
          { key: 'user', header: t('users.user'), render: (i) => i.username },
          { key: 'status', header: t('queue.status'), render: (i) => t(`dashboard.queueStatus.${i.status}`) },
          { key: 'attempts', header: t('queue.attempts'), render: (i) => i.attempts },
          {
            key: 'created',
            header: t('queue.created'),
            render: (i) => f.dateTime(i.created_at),
          },
        ]}
        actions={(i) => canView && <RowLink to={`/mc-admin/server-queue/${i.id}`}>{t('queue.view')}</RowLink>}
      />
    </div>
  );
}

export function QueueItemPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const { id = '' } = useParams();
  const item = useQueueItem(id);
  const retry = queueApi.useAction<undefined>(id, 'retry');
  const canRetry = useCan('admin.server.queue.create');
  const canDelete = useCan('admin.server.queue.delete');
  if (item.isPending) return <Loading label={t('common.loading')} />;
  if (item.isError)
    return <Alert>{t(`errors.${item.error instanceof ApiError ? item.error.code : 'SERVER_ERROR'}`)}</Alert>;
  const q = item.data.data;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold">{q.name}</h1>
        <Link to="/mc-admin/server-queue" className="text-sm text-brand-600 hover:underline dark:text-brand-300">
          {t('queue.back')}
        </Link>
      </header>
      <dl className="surface grid grid-cols-2 gap-3 p-5 text-sm sm:grid-cols-4">
        {(
          [
            ['queue.status', t(`dashboard.queueStatus.${q.status}`)],
            ['queue.attempts', q.attempts],
            ['queue.created', f.dateTime(q.created_at)],
            ['users.limits.memory_limit', q.memory],
            ['users.limits.cpu_limit', q.cpu],
            ['users.limits.disk_limit', q.disk],
            ['users.limits.allocation_limit', q.ports],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted">{t(label)}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {q.last_error && <Alert>{q.last_error}</Alert>}
      <div className="flex gap-2">
        {canRetry && q.status === 'failed' && (
          <Button onClick={() => retry.mutate(undefined)} disabled={retry.isPending}>
            <RotateCcw className="size-4" aria-hidden /> {t('queue.retry')}
          </Button>
        )}
        {canDelete && (q.status === 'pending' || q.status === 'failed') && (
          <RowLink to={`/mc-admin/server-queue/${q.id}/delete`}>{t('resource.delete')}</RowLink>
        )}
      </div>
      <h2 className="text-lg font-semibold">{t('queue.logs')}</h2>
      <LogLines lines={item.data.logs} />
    </div>
  );
}

// The item comes with its log lines, from the queue's own query.
const queueItemApi = { useItem: useQueueItem, useDelete: queueApi.useDelete };

export function QueueDelete() {
  return <ResourceDeletePage api={queueItemApi} label={(item) => item.data.name} listPath="/mc-admin/server-queue" />;
}

export function QueueLogsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const logs = useQueueLogs(page);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('queue.allLogs')}</h1>
      {logs.isPending && <Loading label={t('common.loading')} />}
      {logs.data && <LogLines lines={logs.data.data} />}
      {logs.data && logs.data.total_pages > 1 && (
        <div className="flex gap-2">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setParams({ page: String(page - 1) })}>
            {t('resource.previous')}
          </Button>
          <Button
            variant="secondary"
            disabled={page >= logs.data.total_pages}
            onClick={() => setParams({ page: String(page + 1) })}
          >
            {t('resource.next')}
          </Button>
        </div>
      )}
    </div>
  );
}
