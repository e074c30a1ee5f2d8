import type { RouteObject } from 'react-router';

/** The admin page of database backups (create and delete check their own permissions). */
export const backupPages: { path: string; permission: string; lazy: RouteObject['lazy'] }[] = [
  {
    path: 'backups',
    permission: 'admin.backups.list',
    lazy: () => import('./backups-page.tsx').then((m) => ({ Component: m.BackupsPage })),
  },
];
