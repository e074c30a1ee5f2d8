import type { RouteObject } from 'react-router';

const list = () => import('./departments-list.tsx');
const form = () => import('./department-form.tsx').then((m) => ({ Component: m.DepartmentFormPage }));

/** The admin pages of the support departments, each behind its permission. */
export const departmentPages: { path: string; permission: string; lazy: RouteObject['lazy'] }[] = [
  {
    path: 'departments',
    permission: 'admin.departments.list',
    lazy: () => list().then((m) => ({ Component: m.DepartmentsList })),
  },
  { path: 'departments/create', permission: 'admin.departments.create', lazy: form },
  { path: 'departments/:id/edit', permission: 'admin.departments.edit', lazy: form },
  {
    path: 'departments/:id/delete',
    permission: 'admin.departments.delete',
    lazy: () => list().then((m) => ({ Component: m.DepartmentDelete })),
  },
];
