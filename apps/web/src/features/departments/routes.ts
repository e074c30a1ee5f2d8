import { crudPages } from '../admin/resource/crud-pages.ts';

const list = () => import('./departments-list.tsx');

/** The admin pages of the support departments, each behind its permission. */
export const departmentPages = crudPages({
  path: 'departments',
  permission: 'admin.departments',
  list: () => list().then((m) => m.DepartmentsList),
  form: () => import('./department-form.tsx').then((m) => m.DepartmentFormPage),
  remove: () => list().then((m) => m.DepartmentDelete),
});
