import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';

/** The /:id/delete page of every resource: says what goes, asks once, then returns to the list. */
export function ConfirmDelete({
  label,
  listPath,
  remove,
  warning,
}: {
  label: string;
  listPath: string;
  /** What deleting this resource also does, when more than the usual "cannot be undone". */
  warning?: string;
  remove: { mutateAsync: () => Promise<unknown>; isPending: boolean; error: unknown };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const error =
    remove.error instanceof ApiError ? t(`errors.${remove.error.code}`, { defaultValue: remove.error.message }) : null;
  return (
    <section className="surface mx-auto flex max-w-lg flex-col gap-4 p-6">
      <Trash2 className="size-8 text-rose-500" aria-hidden />
      <h1 className="text-xl font-bold">{t('resource.deleteTitle', { name: label })}</h1>
      <p className="text-sm text-muted">{warning ?? t('resource.deleteWarning')}</p>
      {error && <Alert>{error}</Alert>}
      <div className="flex justify-end gap-2">
        <Link
          to={listPath}
          className="rounded-xl border border-slate-300 px-4 py-2 text-sm font-semibold dark:border-slate-700"
        >
          {t('resource.cancel')}
        </Link>
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() =>
            void remove.mutateAsync().then(
              () => navigate(listPath),
              () => undefined,
            )
          }
        >
          {t('resource.confirmDelete')}
        </Button>
      </div>
    </section>
  );
}

/**
 * The /:id/delete page of a resource: loads the item by the route's id to name it, then
 * `ConfirmDelete`. `fallback` names it while it loads (or when it cannot be loaded).
 */
export function ResourceDeletePage<Item>({
  api,
  label,
  listPath,
  warning,
  fallback = '…',
}: {
  api: {
    useItem(id: string): { data: Item | undefined };
    useDelete(): { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean; error: unknown };
  };
  label: (item: Item) => string;
  listPath: string;
  warning?: string;
  fallback?: string;
}) {
  const { id = '' } = useParams();
  const item = api.useItem(id);
  const remove = api.useDelete();
  return (
    <ConfirmDelete
      label={item.data ? label(item.data) : fallback}
      listPath={listPath}
      warning={warning}
      remove={{ ...remove, mutateAsync: () => remove.mutateAsync(id) }}
    />
  );
}
