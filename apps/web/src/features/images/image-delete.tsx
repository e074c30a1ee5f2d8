import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { LoadError, secondaryLink } from '../servers/page-parts.tsx';
import { BASE, imagesApi, usagePath, useDeleteImage, useImageUsage } from './api.ts';

/**
 * /mc-admin/images/:id/delete: shows where the image is used; deleting a used image asks the admin to
 * confirm that those records lose it (the server refuses otherwise with IMAGE_IN_USE).
 */
export function ImageDelete() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const image = imagesApi.useItem(id);
  const usage = useImageUsage(id);
  const remove = useDeleteImage(id);
  const [confirmed, setConfirmed] = useState(false);
  if (image.isPending || usage.isPending) return <Loading label={t('common.loading')} />;
  if (image.isError || usage.isError)
    return <LoadError error={image.error ?? usage.error} back={BASE} backLabel={t('images.back')} />;
  const used = usage.data;
  const error =
    remove.error instanceof ApiError ? t(`errors.${remove.error.code}`, { defaultValue: remove.error.message }) : null;
  return (
    <section className="surface mx-auto flex max-w-lg flex-col gap-4 p-6" data-testid="image-delete">
      <Trash2 className="size-8 text-rose-500" aria-hidden />
      <h1 className="text-xl font-bold break-all">{t('resource.deleteTitle', { name: image.data.name })}</h1>
      <img
        src={image.data.url}
        alt={image.data.alt || image.data.name}
        className="max-h-40 self-start rounded-xl border border-slate-200 object-contain dark:border-slate-700"
      />
      {used.length === 0 ? (
        <p className="text-sm text-muted">{t('images.deleteUnused')}</p>
      ) : (
        <>
          <p className="text-sm font-semibold">{t('images.deleteUsed', { count: used.length })}</p>
          <ul className="flex flex-col gap-1 text-sm" data-testid="image-usage-list">
            {used.map((u) => (
              <li key={`${u.type}-${u.id}`}>
                <span className="text-muted">{t(`images.usageTypes.${u.type}`)}:</span>{' '}
                <Link to={usagePath[u.type](u.id)} className="font-semibold text-brand-600 dark:text-brand-300">
                  {u.name}
                </Link>
              </li>
            ))}
          </ul>
          <label className="flex items-start gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="mt-0.5 size-4"
              data-testid="confirm-usage"
              checked={confirmed}
              onChange={(e) => setConfirmed(e.target.checked)}
            />
            {t('images.confirmClear')}
          </label>
        </>
      )}
      {error && <Alert>{error}</Alert>}
      <div className="flex justify-end gap-2">
        <Link to={BASE} className={secondaryLink}>
          {t('resource.cancel')}
        </Link>
        <Button
          variant="danger"
          data-testid="confirm-delete"
          disabled={remove.isPending || (used.length > 0 && !confirmed)}
          onClick={() =>
            void remove.mutateAsync(used.length > 0).then(
              () => navigate(BASE),
              // A record started using it meanwhile: show the fresh list.
              () => void usage.refetch(),
            )
          }
        >
          {t('resource.confirmDelete')}
        </Button>
      </div>
    </section>
  );
}
