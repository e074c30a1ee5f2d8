import type { RouteObject } from 'react-router';

/** The admin page of cloud backups (the actions on it check their own permissions). */
export const cloudPages: { path: string; permission: string; lazy: RouteObject['lazy'] }[] = [
  {
    path: 'mythicalcloud',
    permission: 'admin.mythicalcloud.view',
    lazy: () => import('./cloud-page.tsx').then((m) => ({ Component: m.CloudPage })),
  },
];
