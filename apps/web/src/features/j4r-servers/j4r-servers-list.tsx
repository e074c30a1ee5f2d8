import type { J4rServer } from '@hostdeck/contracts';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { ConfirmDelete } from '../admin/resource/confirm-delete.tsx';
import { EnabledFilter } from '../admin/resource/enabled-filter.tsx';
import { ResourceList, RowLink } from '../admin/resource/resource-list.tsx';
import { useListParams } from '../admin/resource/use-list-params.ts';
import { BASE, j4rServersApi } from './api.ts';

/** /mc-admin/j4r-servers: the Discord servers that pay for joining, with their reward, claims and state. */
export function J4rServersList() {
  const { t } = useTranslation();
  const f = useFormat();
  const list = useListParams(['enabled']);
  const query = j4rServersApi.useList(list.params);
  const can = {
    create: useCan('admin.j4r.servers.create'),
    edit: useCan('admin.j4r.servers.edit'),
    remove: useCan('admin.j4r.servers.delete'),
  };
  return (
    <ResourceList<J4rServer>
      title={t('admin.nav.j4rServers')}
      list={list}
      query={query}
      rowKey={(s) => String(s.id)}
      createPath={can.create ? `${BASE}/create` : undefined}
      filters={<EnabledFilter list={list} testId="j4r-enabled-filter" />}
      columns={[
        {
          key: 'name',
          header: t('j4rServers.fields.name'),
          sortable: true,
          render: (s) => (
            <span className="flex items-center gap-2">
              {s.icon_url ? (
                <img src={s.icon_url} alt="" className="size-7 shrink-0 rounded-lg object-cover" loading="lazy" />
              ) : (
                <Users className="size-7 shrink-0 rounded-lg bg-indigo-500/10 p-1 text-indigo-500" aria-hidden />
              )}
              <span className="font-semibold break-words">{s.name}</span>
            </span>
          ),
        },
        {
          key: 'guild_id',
          header: t('j4rServers.fields.guild_id'),
          render: (s) => (
            <code className="font-mono text-xs break-all" data-testid="j4r-guild-id">
              {s.guild_id}
            </code>
          ),
        },
        {
          key: 'coins',
          header: t('j4rServers.fields.coins'),
          sortable: true,
          render: (s) => <span className="tabular-nums">{f.number(s.coins)}</span>,
        },
        {
          key: 'claims',
          header: t('j4rServers.claims'),
          render: (s) => (
            <span className="tabular-nums" data-testid="j4r-claims">
              {f.number(s.claims)}
            </span>
          ),
        },
        {
          key: 'enabled',
          header: t('j4rServers.fields.enabled'),
          render: (s) =>
            s.enabled ? (
              <span className="rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-700 dark:text-emerald-300">
                {t('redeemCodes.on')}
              </span>
            ) : (
              <span className="rounded-full bg-slate-500/15 px-2 py-0.5 text-xs font-semibold text-slate-600 dark:text-slate-300">
                {t('redeemCodes.off')}
              </span>
            ),
        },
      ]}
      actions={(s) => (
        <>
          {can.edit && (
            <RowLink to={`${BASE}/${s.id}/edit`} testId="edit-j4r-server">
              {t('resource.edit')}
            </RowLink>
          )}
          {can.remove && (
            <RowLink to={`${BASE}/${s.id}/delete`} testId="delete-j4r-server">
              {t('resource.delete')}
            </RowLink>
          )}
        </>
      )}
    />
  );
}

/** /mc-admin/j4r-servers/:id/delete: names the server, then deletes it (members keep the coins they were paid). */
export function J4rServerDelete() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const server = j4rServersApi.useItem(id);
  const remove = j4rServersApi.useDelete();
  return (
    <ConfirmDelete
      label={server.data?.name ?? '…'}
      listPath={BASE}
      warning={t('j4rServers.deleteWarning')}
      remove={{ ...remove, mutateAsync: () => remove.mutateAsync(id) }}
    />
  );
}
