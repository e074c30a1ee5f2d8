import type { J4rServer } from '@hostdeck/contracts';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LazyImage } from '../../components/ui/lazy-image.tsx';
import { useFormat } from '../../lib/format.ts';
import { ResourceDeletePage } from '../admin/resource/confirm-delete.tsx';
import { EnabledBadge, EnabledFilter } from '../admin/resource/enabled-filter.tsx';
import { ResourceList } from '../admin/resource/resource-list.tsx';
import { RowActions } from '../admin/resource/row-actions.tsx';
import { useResourceList } from '../admin/resource/use-resource-list.ts';
import { BASE, j4rServersApi } from './api.ts';

/** /mc-admin/j4r-servers: the Discord servers that pay for joining, with their reward, claims and state. */
export function J4rServersList() {
  const { t } = useTranslation();
  const f = useFormat();
  const { list, query, can } = useResourceList(j4rServersApi, 'admin.j4r.servers', ['enabled']);
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
                <LazyImage src={s.icon_url} alt="" className="size-7 shrink-0 rounded-lg object-cover" />
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
          render: (s) => <EnabledBadge enabled={s.enabled} />,
        },
      ]}
      actions={(s) => <RowActions to={`${BASE}/${s.id}`} edit={can.edit} remove={can.remove} testId="j4r-server" />}
    />
  );
}

/** /mc-admin/j4r-servers/:id/delete: names the server, then deletes it (members keep the coins they were paid). */
export function J4rServerDelete() {
  const { t } = useTranslation();
  return (
    <ResourceDeletePage
      api={j4rServersApi}
      label={(s) => s.name}
      listPath={BASE}
      warning={t('j4rServers.deleteWarning')}
    />
  );
}
