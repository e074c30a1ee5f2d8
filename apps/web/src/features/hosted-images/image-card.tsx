import type { HostedImage } from '@hostdeck/contracts';
import { ExternalLink, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LazyImage } from '../../components/ui/lazy-image.tsx';
import { useFormat } from '../../lib/format.ts';
import { useUiSettings } from '../../lib/ui-settings.ts';
import { formatSize } from '../images/api.ts';
import { CopyLinkMenu } from './copy-links.tsx';
import { thumbSize } from './links.ts';

/** One picture of the gallery: its thumbnail (lazy, its box reserved), facts, and what can be done with it. */
export function ImageCard({ image, onDelete }: { image: HostedImage; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const thumb = thumbSize(image.width, image.height);
  // optimizeImages: the server's resized thumbnail; off, the original picture.
  const { optimizeImages } = useUiSettings().performance;
  return (
    <li className="surface flex flex-col overflow-hidden" data-testid="gallery-image">
      <a
        href={image.page_url}
        target="_blank"
        rel="noopener noreferrer"
        className="block aspect-square overflow-hidden bg-slate-100 dark:bg-slate-900"
        aria-label={t('hostedImages.open', { name: image.name })}
      >
        <LazyImage
          src={optimizeImages ? image.thumbnail_url : image.direct_url}
          alt={image.name}
          decoding="async"
          width={thumb.width}
          height={thumb.height}
          className="size-full object-contain"
        />
      </a>
      <div className="flex flex-col gap-1 p-3">
        <p className="truncate text-sm font-semibold" title={image.name}>
          {image.name}
        </p>
        <p className="text-xs text-muted" data-testid="image-facts">
          {image.width} × {image.height} · {formatSize(image.size, i18n.language)} ·{' '}
          {t('hostedImages.views', { count: image.views, views: f.number(image.views) })}
        </p>
        <p className="text-xs text-muted">{f.date(image.created_at)}</p>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-1">
          <a
            href={image.page_url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-9 items-center gap-1 rounded-lg px-2 text-xs font-semibold text-brand-600 hover:bg-brand-500/10 dark:text-brand-300"
          >
            <ExternalLink className="size-4" aria-hidden />
            {t('hostedImages.openShort')}
          </a>
          <CopyLinkMenu image={image} />
          <button
            type="button"
            data-testid="delete-image"
            aria-label={t('hostedImages.delete', { name: image.name })}
            title={t('hostedImages.delete', { name: image.name })}
            onClick={onDelete}
            className="inline-flex size-9 items-center justify-center rounded-lg text-rose-600 hover:bg-rose-500/10"
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        </div>
      </div>
    </li>
  );
}
