import type { AdminServer } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { ResourceDeletePage } from '../admin/resource/confirm-delete.tsx';
import { ResourceList } from '../admin/resource/resource-list.tsx';
import { RowActions } from '../admin/resource/row-actions.tsx';
import { useListParams } from '../admin/resource/use-list-params.ts';
import { adminServersApi } from './api.ts';
import { serverStatuses } from './resources.ts';
import { ExpiryNote, ServerStatusBadge } from './status-badge.tsx';

const select =
  'min-h-10 rounded-xl border border-slate-300 bg-transparent px-3 text-sm dark:border-slate-700 dark:bg-slate-900';

/** /mc-admin/servers: every member's servers, searchable, sortable, filtered by status. */
export function AdminServersList() {
  const { t } = useTranslation();
  const f = useFormat();
  const list = useListParams(['status', 'location_id', 'egg_id', 'owner_id']);
  const query = adminServersApi.useList(list.params);
  const canDelete = useCan('admin.servers.delete');
  const canEditUsers = useCan('admin.users.edit');
  return (
    <ResourceList<AdminServer>
      title={t('admin.nav.servers')}
      list={list}
      query={query}
      rowKey={(s) => s.id}
      filters={
        <select
          className={select}
          value={list.get('status')}
          onChange={(e) => list.set({ status: e.target.value })}
          aria-label={t('servers.admin.status')}
          data-testid="server-status-filter"
        >
          <option value="">{t('servers.admin.anyStatus')}</option>
          {serverStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`dashboard.serverStatus.${s}`)}
            </option>
          ))}
        </select>
      }
      columns={[
        {
          key: 'name',
          header: t('servers.admin.server'),
          sortable: true,
          render: (s) => (
            <div className="flex min-w-36 flex-col items-start gap-1">
              <p className="font-medium">{s.name}</p>
              <div className="flex flex-wrap items-center gap-2">
                <ServerStatusBadge status={s.status} />
                {s.panel_identifier && <span className="font-mono text-xs text-muted">{s.panel_identifier}</span>}
              </div>
            </div>
          ),
        },
        {
          key: 'owner',
          header: t('servers.admin.owner'),
          render: (s) =>
            canEditUsers ? (
              <Link
                to={`/mc-admin/users/${s.owner_id}/edit`}
                className="font-medium text-brand-600 hover:underline dark:text-brand-300"
              >
                {s.owner_username}
              </Link>
            ) : (
              s.owner_username
            ),
        },
        {
          key: 'location',
          header: `${t('servers.admin.location')} · ${t('servers.admin.egg')}`,
          render: (s) => (
            <div className="min-w-32">
              <p>{s.location_name}</p>
              <p className="text-xs text-muted">{s.egg_name}</p>
            </div>
          ),
        },
        {
          key: 'memory',
          header: t('servers.admin.resources'),
          sortable: true,
          render: (s) => (
            <span className="flex min-w-28 flex-wrap gap-x-2 text-xs tabular-nums">
              {[f.megabytes(s.memory), f.percent(s.cpu), f.megabytes(s.disk)].map((v, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of three values
                <span key={i} className="whitespace-nowrap">
                  {v}
                </span>
              ))}
            </span>
          ),
        },
        {
          key: 'expires_at',
          header: t('servers.admin.expires'),
          sortable: true,
          render: (s) =>
            s.expires_at ? (
              <ExpiryNote expiresAt={s.expires_at} status={s.status} compact />
            ) : (
              <span className="text-xs text-muted">{t('servers.noExpiry')}</span>
            ),
        },
        {
          key: 'created_at',
          header: t('servers.admin.created'),
          sortable: true,
          render: (s) => <span className="text-xs whitespace-nowrap">{f.date(s.created_at)}</span>,
        },
      ]}
      actions={(s) => <RowActions to={`/mc-admin/servers/${s.id}`} remove={canDelete} testId="server" />}
    />
  );
}

/**
 * /mc-admin/servers/:id/delete: names the server and its owner, then deletes it on the panel first
 * (a server of a former panel: its record only, and the warning says so).
 */
export function AdminServerDelete() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  // The same query the page loads the server with: a server of a former panel loses its record only.
  const elsewhere = adminServersApi.useItem(id).data?.status === 'other_panel';
  return (
    <ResourceDeletePage
      api={adminServersApi}
      label={(s) => `${s.name} (${s.owner_username})`}
      fallback={t('servers.admin.thisServer', { id })}
      listPath="/mc-admin/servers"
      warning={t(elsewhere ? 'servers.admin.otherPanelWarning' : 'servers.admin.deleteWarning')}
    />
  );
}
