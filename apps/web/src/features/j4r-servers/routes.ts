import { crudPages } from '../admin/resource/crud-pages.ts';

const list = () => import('./j4r-servers-list.tsx');

/** The admin pages of the join-for-rewards servers, each behind its permission. */
export const j4rServerPages = crudPages({
  path: 'j4r-servers',
  permission: 'admin.j4r.servers',
  list: () => list().then((m) => m.J4rServersList),
  form: () => import('./j4r-server-form.tsx').then((m) => m.J4rServerFormPage),
  remove: () => list().then((m) => m.J4rServerDelete),
});
