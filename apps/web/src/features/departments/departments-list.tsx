import type { Department } from '@hostdeck/contracts';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format.ts';
import { ResourceDeletePage } from '../admin/resource/confirm-delete.tsx';
import { EnabledBadge, EnabledFilter } from '../admin/resource/enabled-filter.tsx';
import { ResourceList } from '../admin/resource/resource-list.tsx';
import { RowActions } from '../admin/resource/row-actions.tsx';
import { useResourceList } from '../admin/resource/use-resource-list.ts';
import { BASE, departmentsApi } from './api.ts';

/** /mc-admin/departments: where members file tickets, with their hours, ticket count and state. */
export function DepartmentsList() {
  const { t } = useTranslation();
  const f = useFormat();
  const { list, query, can } = useResourceList(departmentsApi, 'admin.departments', ['enabled']);
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
              {d.description && <span className="text-xs break-words text-muted">{d.description}</span>}
            </span>
          ),
        },
        {
          key: 'opening_hours',
          header: t('departments.fields.opening_hours'),
          render: (d) =>
            d.opening_hours ? (
              <span className="inline-flex items-center gap-1.5 text-xs">
                <Clock className="size-3.5 text-muted" aria-hidden />
                {d.opening_hours}
              </span>
            ) : (
              <span className="text-xs text-muted">{t('departments.noHours')}</span>
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
          render: (d) => <EnabledBadge enabled={d.enabled} />,
        },
      ]}
      actions={(d) => <RowActions to={`${BASE}/${d.id}`} edit={can.edit} remove={can.remove} testId="department" />}
    />
  );
}

/** /mc-admin/departments/:id/delete: a department with tickets is refused by the server (disable it instead). */
export function DepartmentDelete() {
  const { t } = useTranslation();
  return (
    <ResourceDeletePage
      api={departmentsApi}
      label={(d) => d.name}
      listPath={BASE}
      warning={t('departments.deleteWarning')}
    />
  );
}
