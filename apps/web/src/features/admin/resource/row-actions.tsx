import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RowLink } from './resource-list.tsx';

/**
 * A list row's Edit and Delete links (to `<to>/edit` and `<to>/delete`, the confirmation page), each
 * only when allowed; `testId` names them `edit-<testId>` and `delete-<testId>`. Links particular to
 * the resource come first, as children.
 */
export function RowActions({
  to,
  edit = false,
  remove = false,
  testId,
  children,
}: {
  to: string;
  edit?: boolean;
  remove?: boolean;
  testId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {children}
      {edit && (
        <RowLink to={`${to}/edit`} testId={testId && `edit-${testId}`}>
          {t('resource.edit')}
        </RowLink>
      )}
      {remove && (
        <RowLink to={`${to}/delete`} testId={testId && `delete-${testId}`}>
          {t('resource.delete')}
        </RowLink>
      )}
    </>
  );
}
