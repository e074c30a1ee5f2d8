import { Fragment, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { secondaryLink } from '../../servers/page-parts.tsx';
import type { ResourceEditor, Versioned } from './use-resource-editor.ts';

interface ItemQuery<Item> {
  data: Item | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * The /create and /:id/edit page of a resource: on /:id/edit the item is loaded by the route's id
 * (loading, then the form or the error with a retry); on /create there is nothing to load. The form
 * is keyed by the item's version, so a fresh load starts it again from the record.
 */
export function ResourceEditPage<Item extends Versioned>({
  api,
  children,
}: {
  api: { useItem(id: string | undefined): ItemQuery<Item> };
  children: (item: Item | undefined) => ReactNode;
}) {
  const { t } = useTranslation();
  const { id } = useParams();
  const item = api.useItem(id);
  if (id && item.isPending) return <Loading label={t('common.loading')} />;
  if (id && item.isError)
    return <LoadFailed error={item.error} retrying={item.isFetching} retry={() => void item.refetch()} />;
  return <Fragment key={item.data?.updated_at ?? 'new'}>{children(item.data)}</Fragment>;
}

/** A failed load in the admin's language, and a way to try again (a lost connection, a busy server). */
export function LoadFailed({ error, retry, retrying }: { error: unknown; retry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-3">
      <Alert>{t(`errors.${error instanceof ApiError ? error.code : 'SERVER_ERROR'}`)}</Alert>
      <Button variant="secondary" onClick={retry} disabled={retrying} data-testid="retry-load">
        {t('errorPage.retry')}
      </Button>
    </div>
  );
}

/**
 * The frame of a resource's form: its title, the form-level error, the fields it is given, and
 * Cancel (when `cancelTo` is given) and Save. `testId` names the form `<testId>-form` and Save
 * `<testId>-submit` (or `submitTestId`).
 */
export function ResourceFormFrame<Values extends FieldValues>({
  editor,
  title,
  cancelTo,
  testId,
  submitTestId,
  wide = false,
  children,
}: {
  editor: Pick<ResourceEditor<Values>, 'form' | 'onSubmit' | 'error'>;
  title: string;
  cancelTo?: string;
  testId?: string;
  submitTestId?: string;
  /** Wide forms hold an editor with its preview (announcements). */
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      onSubmit={editor.onSubmit}
      noValidate
      className={`surface mx-auto flex ${wide ? 'max-w-6xl' : 'max-w-xl'} flex-col gap-4 p-6`}
      data-testid={testId && `${testId}-form`}
    >
      <h1 className="text-xl font-bold break-words">{title}</h1>
      {editor.error && <Alert>{editor.error}</Alert>}
      {children}
      <div className="flex flex-wrap justify-end gap-2">
        {cancelTo && (
          <Link to={cancelTo} className={secondaryLink}>
            {t('resource.cancel')}
          </Link>
        )}
        <Button
          type="submit"
          data-testid={submitTestId ?? (testId && `${testId}-submit`)}
          disabled={editor.form.formState.isSubmitting}
        >
          {t('resource.save')}
        </Button>
      </div>
    </form>
  );
}
