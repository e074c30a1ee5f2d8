import type { LibraryImage } from '@hostdeck/contracts';
import { Images, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/ui/loading.tsx';
import { useCan } from '../../lib/permissions.ts';
import { imageAddress, imagesApi } from './api.ts';

/**
 * "Choose from library" beside an image address field: opens the image library, and hands the chosen
 * image's address (absolute, as the icon and cover fields take http(s) addresses) to `onPick`.
 * Shown only to staff who may list the library.
 */
export function ImagePicker({
  onPick,
  testId = 'image-picker',
}: {
  onPick: (address: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const allowed = useCan('admin.images.list');
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        type="button"
        data-testid={testId}
        className="inline-flex items-center gap-2 self-start rounded-xl border border-slate-300 px-3 py-2 text-sm font-semibold hover:border-brand-400 dark:border-slate-700"
      >
        <Images className="size-4" aria-hidden />
        {t('images.pick')}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60 backdrop-blur-sm" />
        <Dialog.Content className="surface fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] w-[min(92vw,44rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 p-5">
          <div className="flex items-center justify-between gap-2">
            <Dialog.Title className="text-lg font-bold">{t('images.pickTitle')}</Dialog.Title>
            <Dialog.Close className="rounded-lg p-1 text-muted hover:bg-slate-200/70" aria-label={t('resource.cancel')}>
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-muted">{t('images.pickHint')}</Dialog.Description>
          {open && (
            <Library
              onPick={(image) => {
                onPick(imageAddress(image.url));
                setOpen(false);
              }}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Library({ onPick }: { onPick: (image: LibraryImage) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const params = new URLSearchParams({ per_page: '48', sort: '-created_at' });
  if (search.trim()) params.set('search', search.trim());
  const list = imagesApi.useList(params);
  return (
    <>
      <input
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t('resource.search')}
        aria-label={t('resource.search')}
        className="min-h-10 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      />
      {list.isPending ? (
        <Loading label={t('common.loading')} />
      ) : list.isError ? (
        <p className="text-sm text-danger">{t('images.loadFailed')}</p>
      ) : list.data.data.length === 0 ? (
        <p className="text-sm text-muted">{t('images.empty')}</p>
      ) : (
        <ul className="grid grid-cols-3 gap-3 overflow-y-auto sm:grid-cols-4">
          {list.data.data.map((image) => (
            <li key={image.id}>
              <button
                type="button"
                data-testid="pick-image"
                onClick={() => onPick(image)}
                className="flex w-full flex-col items-center gap-1 rounded-xl border border-slate-200 p-2 text-xs hover:border-brand-400 dark:border-slate-700"
              >
                <img src={image.url} alt={image.alt || image.name} loading="lazy" className="size-20 object-contain" />
                <span className="w-full truncate font-semibold">{image.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
