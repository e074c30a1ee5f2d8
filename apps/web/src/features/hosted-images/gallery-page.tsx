import { HOSTED_IMAGE_ID } from '@hostdeck/contracts';
import { ImagePlus, Images, Upload } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { PageToaster } from '../../components/ui/page-toaster.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { LoadError, linkButton, PageHeader } from '../servers/page-parts.tsx';
import { useDeleteImage, useGallery } from './api.ts';
import { ImageCard } from './image-card.tsx';
import { ImagesOff, ImagesTabs, UsageBar, useImagesOff } from './image-parts.tsx';

/**
 * /images: the member's own uploads, newest first, a page at a time ("load more", and on its own
 * when the button scrolls into view). `?delete=<id>` — the deletion URL ShareX keeps — opens that
 * image's delete confirmation.
 */
export function GalleryPage() {
  const { t } = useTranslation();
  const gallery = useGallery();
  const remove = useDeleteImage();
  const [search, setSearch] = useSearchParams();
  const off = useImagesOff(gallery.error);
  const pending = search.get('delete') ?? '';
  const target = HOSTED_IMAGE_ID.test(pending) ? pending : null;
  const images = gallery.data?.pages.flatMap((p) => p.data) ?? [];
  const usage = gallery.data?.pages[0]?.usage;
  const named = images.find((i) => i.id === target)?.name ?? target;

  const setTarget = (id: string | null) => {
    const next = new URLSearchParams(search);
    if (id) next.set('delete', id);
    else next.delete('delete');
    remove.reset();
    setSearch(next, { replace: true });
  };

  // Infinite scroll where the browser can tell; the button stays for everyone else.
  const more = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = gallery;
  useEffect(() => {
    const button = more.current;
    if (!button || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(button);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (off) return <ImagesOff />;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <PageHeader title={t('hostedImages.title')} subtitle={t('hostedImages.subtitle')} />
      <ImagesTabs />
      {gallery.isPending && <Loading label={t('common.loading')} />}
      {gallery.isError && <LoadError error={gallery.error} />}
      {usage && <UsageBar usage={usage} />}
      {gallery.isSuccess && images.length === 0 && (
        <section className="surface flex flex-col items-center gap-3 p-10 text-center" data-testid="gallery-empty">
          <Images className="size-10 text-slate-400" aria-hidden />
          <h2 className="text-lg font-semibold">{t('hostedImages.emptyTitle')}</h2>
          <p className="text-sm text-muted">{t('hostedImages.emptyMessage')}</p>
          <Link to="/images/upload" className={linkButton}>
            <Upload className="size-4" aria-hidden /> {t('hostedImages.uploadCta')}
          </Link>
        </section>
      )}
      {images.length > 0 && (
        <>
          <div className="flex justify-end">
            <Link to="/images/upload" className={linkButton}>
              <ImagePlus className="size-4" aria-hidden /> {t('hostedImages.uploadCta')}
            </Link>
          </div>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" data-testid="gallery">
            {images.map((image) => (
              <ImageCard key={image.id} image={image} onDelete={() => setTarget(image.id)} />
            ))}
          </ul>
        </>
      )}
      {hasNextPage && (
        <div ref={more} className="self-center">
          <Button
            variant="secondary"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
            data-testid="gallery-more"
          >
            {isFetchingNextPage ? t('common.loading') : t('hostedImages.loadMore')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={t('hostedImages.deleteTitle', { name: named })}
        message={t('hostedImages.deleteMessage')}
        confirmLabel={t('hostedImages.deleteConfirm')}
        busy={remove.isPending}
        error={remove.error instanceof ApiError ? t(`errors.${remove.error.code}`) : null}
        onConfirm={() => target && remove.mutate(target, { onSuccess: () => setTarget(null) })}
        testId="delete-dialog"
      />
      <PageToaster />
    </div>
  );
}
