import type { Department } from '@hostdeck/contracts';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { ConfirmDelete } from '../admin/resource/confirm-delete.tsx';
import { EnabledFilter } from '../admin/resource/enabled-filter.tsx';
import { ResourceList, RowLink } from '../admin/resource/resource-list.tsx';
import { useListParams } from '../admin/resource/use-list-params.ts';
import { BASE, departmentsApi } from './api.ts';

/** /mc-admin/departments: where members file tickets, with their hours, ticket count and state. */
export function DepartmentsList() {
  const { t } = useTranslation();
  const f = useFormat();
  const list = useListParams(['enabled']);
  const query = departmentsApi.useList(list.params);
  const can = {
    create: useCan('admin.departments.create'),
    edit: useCan('admin.departments.edit'),
    remove: useCan('admin.departments.delete'),
  };
  return (
    <ResourceList<Department>
      title={t('admin.nav.departments')}
      list={list}
      query={query}
      rowKey={(d) => String(d.id)}
      createPath={can.create ? `${BASE}/create` : undefined}
      filters={<EnabledFilter list={list} testId="department-enabled-filter" />}
      columns={[
        {
          key: 'name',
          header: t('departments.fields.name'),
          sortable: true,
          render: (d) => (
            <span className="flex flex-col">
              <span className="font-semibold break-words">{d.name}</span>
              {d.description && <span className="text-xs break-words text-slate-500">{d.description}</span>}
            </span>
          ),
        },
        {
          key: 'opening_hours',
          header: t('departments.fields.opening_hours'),
          render: (d) =>
            d.opening_hours ? (
              <span className="inline-flex items-center gap-1.5 text-xs">
                <Clock className="size-3.5 text-slate-500" aria-hidden />
                {d.opening_hours}
              </span>
            ) : (
              <span className="text-xs text-slate-500">{t('departments.noHours')}</span>
            ),
        },
        {
          key: 'tickets',
          header: t('departments.tickets'),
          render: (d) => (
            <span className="tabular-nums" data-testid="department-tickets">
              {f.number(d.tickets)}
            </span>
          ),
        },
        {
          key: 'enabled',
          header: t('departments.fields.enabled'),
          render: (d) =>
            d.enabled ? (
              <span className="rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-700 dark:text-emerald-300">
                {t('redeemCodes.on')}
              </span>
            ) : (
              <span className="rounded-full bg-slate-500/15 px-2 py-0.5 text-xs font-semibold text-slate-600 dark:text-slate-300">
                {t('redeemCodes.off')}
              </span>
            ),
        },
      ]}
      actions={(d) => (
        <>
          {can.edit && (
            <RowLink to={`${BASE}/${d.id}/edit`} testId="edit-department">
              {t('resource.edit')}
            </RowLink>
          )}
          {can.remove && (
            <RowLink to={`${BASE}/${d.id}/delete`} testId="delete-department">
              {t('resource.delete')}
            </RowLink>
          )}
        </>
      )}
    />
  );
}

/** /mc-admin/departments/:id/delete: a department with tickets is refused by the server (disable it instead). */
export function DepartmentDelete() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const department = departmentsApi.useItem(id);
  const remove = departmentsApi.useDelete();
  return (
    <ConfirmDelete
      label={department.data?.name ?? '…'}
      listPath={BASE}
      warning={t('departments.deleteWarning')}
      remove={{ ...remove, mutateAsync: () => remove.mutateAsync(id) }}
    />
  );
}
