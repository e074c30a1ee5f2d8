import type { HostedImageUsage } from '@hostdeck/contracts';
import { CheckCircle2, ExternalLink, ImagePlus, XCircle } from 'lucide-react';
import { type DragEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { PageToaster } from '../../components/ui/page-toaster.tsx';
import { formatSize } from '../images/api.ts';
import { LoadError, PageHeader } from '../servers/page-parts.tsx';
import { useImageConfig } from './api.ts';
import { CopyLinkButtons } from './copy-links.tsx';
import { ImagesOff, ImagesTabs, UsageBar, useImagesOff } from './image-parts.tsx';
import { type UploadItem, useUploads } from './use-uploads.ts';

/**
 * /images/upload: drop files on the zone, click to choose them, or paste a picture anywhere on the
 * page. Each file shows its own progress, then its links or the reason it was refused.
 */
export function UploadPage() {
  const { t } = useTranslation();
  const config = useImageConfig();
  const off = useImagesOff(config.error);
  const usage = config.data?.usage;
  const uploads = useUploads(usage);
  const { add } = uploads;
  const [dragging, setDragging] = useState(false);

  // A screenshot pasted anywhere on the page is uploaded like a chosen file.
  useEffect(() => {
    if (off) return;
    const onPaste = (e: ClipboardEvent) => {
      const files = [...(e.clipboardData?.files ?? [])];
      if (files.length === 0) return;
      e.preventDefault();
      add(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [add, off]);

  if (off) return <ImagesOff />;
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    add(e.dataTransfer.files);
  };
  const accept = (usage?.formats ?? []).map((f) => `image/${f}`).join(',') || 'image/*';
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <PageHeader title={t('hostedImages.uploadTitle')} subtitle={t('hostedImages.uploadSubtitle')} />
      <ImagesTabs />
      {config.isPending && <Loading label={t('common.loading')} />}
      {config.isError && <LoadError error={config.error} />}
      {usage && <UsageBar usage={usage} />}
      <label
        data-testid="drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 border-dashed p-10 text-center text-sm transition focus-within:ring-2 focus-within:ring-brand-400 ${dragging ? 'border-brand-400 bg-brand-500/10' : 'border-slate-300 hover:border-brand-400 dark:border-slate-700'}`}
      >
        <ImagePlus className="size-10 text-brand-500" aria-hidden />
        <span className="font-semibold">{t('hostedImages.dropTitle')}</span>
        <span className="text-muted">{t('hostedImages.dropHint')}</span>
        {usage && <Limits usage={usage} />}
        <input
          type="file"
          multiple
          accept={accept}
          className="sr-only"
          data-testid="upload-input"
          onChange={(e) => {
            add(e.target.files ?? []);
            e.target.value = '';
          }}
        />
      </label>
      {uploads.items.length > 0 && (
        <section className="flex flex-col gap-3" aria-label={t('hostedImages.uploadsLabel')}>
          <div className="flex items-center justify-between">
            <h2 className="text-lg font-semibold">{t('hostedImages.uploadsLabel')}</h2>
            <button
              type="button"
              className="text-sm font-semibold text-brand-600 hover:underline dark:text-brand-300"
              onClick={uploads.clearFinished}
            >
              {t('hostedImages.clearFinished')}
            </button>
          </div>
          <ul className="flex flex-col gap-3">
            {uploads.items.map((item) => (
              <UploadRow key={item.key} item={item} usage={usage} />
            ))}
          </ul>
        </section>
      )}
      <PageToaster />
    </div>
  );
}

function Limits({ usage }: { usage: HostedImageUsage }) {
  const { t, i18n } = useTranslation();
  const formats = usage.formats.map((f) => f.toUpperCase()).join(', ');
  return (
    <span className="text-xs text-muted" data-testid="upload-limits">
      {usage.max_file_bytes > 0
        ? t('hostedImages.limits', { formats, max: formatSize(usage.max_file_bytes, i18n.language) })
        : t('hostedImages.limitsFormats', { formats })}
    </span>
  );
}

/** The message of a refused file: with the panel's own limits where the reason has one. */
function useUploadError(item: UploadItem, usage: HostedImageUsage | undefined): string {
  const { t, i18n } = useTranslation();
  const error = item.error ?? { code: 'SERVER_ERROR' };
  const max = error.max ?? usage?.max_file_bytes ?? 0;
  const formats = error.formats ?? usage?.formats.map((f) => f.toUpperCase()).join(', ');
  if (error.code === 'IMAGE_TOO_LARGE' && max > 0)
    return t('hostedImages.errors.tooLarge', { max: formatSize(max, i18n.language) });
  if (error.code === 'IMAGE_TYPE_NOT_ALLOWED' && formats) return t('hostedImages.errors.wrongType', { formats });
  return t(`errors.${error.code}`, { defaultValue: error.message ?? t('errors.SERVER_ERROR') });
}

function UploadRow({ item, usage }: { item: UploadItem; usage: HostedImageUsage | undefined }) {
  const { t, i18n } = useTranslation();
  const error = useUploadError(item, usage);
  const pct = Math.round(item.progress * 100);
  return (
    <li
      className="surface flex flex-col gap-2 p-3"
      data-testid="upload-item"
      data-status={item.status}
      data-name={item.file.name}
    >
      <div className="flex items-center gap-3">
        {item.image ? (
          <img
            src={item.image.thumbnail_url}
            alt=""
            width={48}
            height={48}
            className="size-12 shrink-0 rounded-lg object-cover"
          />
        ) : item.status === 'failed' ? (
          <XCircle className="size-6 shrink-0 text-rose-500" aria-hidden />
        ) : (
          <ImagePlus className="size-6 shrink-0 text-slate-400" aria-hidden />
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{item.file.name}</p>
          <p className="text-xs text-muted">
            {formatSize(item.file.size, i18n.language)} · {t(`hostedImages.status.${item.status}`)}
          </p>
        </div>
        {item.status === 'done' && <CheckCircle2 className="size-5 shrink-0 text-emerald-500" aria-hidden />}
      </div>
      {(item.status === 'uploading' || item.status === 'waiting' || item.status === 'done') && (
        <div
          role="progressbar"
          aria-label={t('hostedImages.progress', { name: item.file.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct}
          className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div
            className={`h-full transition-[width] ${item.status === 'done' ? 'bg-emerald-500' : 'bg-brand-500'}`}
            style={{ width: `${pct}%` }}
          />
        </div>
      )}
      {item.status === 'failed' && <Alert>{error}</Alert>}
      {item.image && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <a
            href={item.image.page_url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-sm font-semibold break-all text-brand-600 hover:underline dark:text-brand-300"
            data-testid="upload-link"
          >
            <ExternalLink className="size-4 shrink-0" aria-hidden />
            {item.image.page_url}
          </a>
          <CopyLinkButtons image={item.image} />
        </div>
      )}
    </li>
  );
}
