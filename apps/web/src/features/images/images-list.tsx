import type { LibraryImage } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format.ts';
import { ResourceList } from '../admin/resource/resource-list.tsx';
import { RowActions } from '../admin/resource/row-actions.tsx';
import { useResourceList } from '../admin/resource/use-resource-list.ts';
import { BASE, formatSize, imagesApi } from './api.ts';

/** /mc-admin/images: every library image with its thumbnail, size, dimensions and how many records show it. */
export function ImagesList() {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const { list, query, can } = useResourceList(imagesApi, 'admin.images');
  return (
    <ResourceList<LibraryImage>
      title={t('admin.nav.images')}
      list={list}
      query={query}
      rowKey={(i) => String(i.id)}
      createPath={can.create ? `${BASE}/create` : undefined}
      columns={[
        {
          key: 'preview',
          header: t('images.preview'),
          render: (i) => (
            <a href={i.url} target="_blank" rel="noreferrer" className="block size-16">
              <img
                src={i.url}
                alt={i.alt || i.name}
                loading="lazy"
                className="size-16 rounded-lg border border-slate-200 bg-slate-100 object-contain dark:border-slate-700 dark:bg-slate-800"
              />
            </a>
          ),
        },
        {
          key: 'name',
          header: t('images.fields.name'),
          sortable: true,
          render: (i) => (
            <span className="flex flex-col">
              <span className="font-semibold break-all" data-testid="image-name">
                {i.name}
              </span>
              {i.alt && <span className="text-xs text-muted">{i.alt}</span>}
            </span>
          ),
        },
        {
          key: 'size',
          header: t('images.size'),
          sortable: true,
          render: (i) => <span className="whitespace-nowrap tabular-nums">{formatSize(i.size, i18n.language)}</span>,
        },
        {
          key: 'dimensions',
          header: t('images.dimensions'),
          render: (i) => (
            <span className="whitespace-nowrap tabular-nums" data-testid="image-dimensions">
              {i.width} × {i.height}
            </span>
          ),
        },
        {
          key: 'usage',
          header: t('images.usedBy'),
          render: (i) =>
            i.usage_count === 0 ? (
              <span className="text-xs text-muted">{t('images.unused')}</span>
            ) : (
              <span className="text-xs font-semibold" data-testid="image-usage">
                {t('images.usageCount', { count: i.usage_count })}
              </span>
            ),
        },
        {
          key: 'created_at',
          header: t('images.uploaded'),
          sortable: true,
          render: (i) => <span className="text-xs whitespace-nowrap">{f.date(i.created_at)}</span>,
        },
      ]}
      // An image is replaced by uploading another: there is no edit page.
      actions={(i) => <RowActions to={`${BASE}/${i.id}`} remove={can.remove} testId="image" />}
    />
  );
}
