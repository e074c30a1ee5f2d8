import type { RouteObject } from 'react-router';

const list = () => import('./j4r-servers-list.tsx');
const form = () => import('./j4r-server-form.tsx').then((m) => ({ Component: m.J4rServerFormPage }));

/** The admin pages of the join-for-rewards servers, each behind its permission. */
export const j4rServerPages: { path: string; permission: string; lazy: RouteObject['lazy'] }[] = [
  {
    path: 'j4r-servers',
    permission: 'admin.j4r.servers.list',
    lazy: () => list().then((m) => ({ Component: m.J4rServersList })),
  },
  { path: 'j4r-servers/create', permission: 'admin.j4r.servers.create', lazy: form },
  { path: 'j4r-servers/:id/edit', permission: 'admin.j4r.servers.edit', lazy: form },
  {
    path: 'j4r-servers/:id/delete',
    permission: 'admin.j4r.servers.delete',
    lazy: () => list().then((m) => ({ Component: m.J4rServerDelete })),
  },
];
