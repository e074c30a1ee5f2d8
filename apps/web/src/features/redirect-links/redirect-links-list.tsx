import type { RedirectLink } from '@hostdeck/contracts';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { ConfirmDelete } from '../admin/resource/confirm-delete.tsx';
import { ResourceList, RowLink } from '../admin/resource/resource-list.tsx';
import { useListParams } from '../admin/resource/use-list-params.ts';
import { BASE, linkAddress, redirectLinksApi } from './api.ts';

/** /mc-admin/redirect-links: each short address of the panel and where it sends visitors. */
export function RedirectLinksList() {
  const { t } = useTranslation();
  const f = useFormat();
  const list = useListParams();
  const query = redirectLinksApi.useList(list.params);
  const can = {
    create: useCan('admin.redirect.links.create'),
    edit: useCan('admin.redirect.links.edit'),
    remove: useCan('admin.redirect.links.delete'),
  };
  return (
    <ResourceList<RedirectLink>
      title={t('admin.nav.redirectLinks')}
      list={list}
      query={query}
      rowKey={(l) => String(l.id)}
      createPath={can.create ? `${BASE}/create` : undefined}
      columns={[
        {
          key: 'name',
          header: t('redirectLinks.fields.name'),
          sortable: true,
          render: (l) => (
            <code className="font-mono text-sm font-semibold break-all" title={linkAddress(l.name)}>
              /{l.name}
            </code>
          ),
        },
        {
          key: 'url',
          header: t('redirectLinks.fields.url'),
          sortable: true,
          render: (l) => (
            <a
              href={l.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex items-center gap-1 text-sm break-all text-brand-600 hover:underline dark:text-brand-300"
            >
              {l.url}
              <ExternalLink className="size-3.5 shrink-0" aria-hidden />
            </a>
          ),
        },
        {
          key: 'created_at',
          header: t('redirectLinks.created'),
          sortable: true,
          render: (l) => <span className="text-xs whitespace-nowrap">{f.date(l.created_at)}</span>,
        },
      ]}
      actions={(l) => (
        <>
          {can.edit && (
            <RowLink to={`${BASE}/${l.id}/edit`} testId="edit-redirect-link">
              {t('resource.edit')}
            </RowLink>
          )}
          {can.remove && (
            <RowLink to={`${BASE}/${l.id}/delete`} testId="delete-redirect-link">
              {t('resource.delete')}
            </RowLink>
          )}
        </>
      )}
    />
  );
}

/** /mc-admin/redirect-links/:id/delete: names the link, then deletes it (its address shows the not-found page again). */
export function RedirectLinkDelete() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const link = redirectLinksApi.useItem(id);
  const remove = redirectLinksApi.useDelete();
  return (
    <ConfirmDelete
      label={link.data ? `/${link.data.name}` : '…'}
      listPath={BASE}
      warning={t('redirectLinks.deleteWarning')}
      remove={{ ...remove, mutateAsync: () => remove.mutateAsync(id) }}
    />
  );
}
