import type { RedirectLink } from '@hostdeck/contracts';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format.ts';
import { ResourceDeletePage } from '../admin/resource/confirm-delete.tsx';
import { ResourceList } from '../admin/resource/resource-list.tsx';
import { RowActions } from '../admin/resource/row-actions.tsx';
import { useResourceList } from '../admin/resource/use-resource-list.ts';
import { BASE, linkAddress, redirectLinksApi } from './api.ts';

/** /mc-admin/redirect-links: each short address of the panel and where it sends visitors. */
export function RedirectLinksList() {
  const { t } = useTranslation();
  const f = useFormat();
  const { list, query, can } = useResourceList(redirectLinksApi, 'admin.redirect.links');
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
      actions={(l) => <RowActions to={`${BASE}/${l.id}`} edit={can.edit} remove={can.remove} testId="redirect-link" />}
    />
  );
}

/** /mc-admin/redirect-links/:id/delete: names the link, then deletes it (its address shows the not-found page again). */
export function RedirectLinkDelete() {
  const { t } = useTranslation();
  return (
    <ResourceDeletePage
      api={redirectLinksApi}
      label={(l) => `/${l.name}`}
      listPath={BASE}
      warning={t('redirectLinks.deleteWarning')}
    />
  );
}
