import type { RouteObject } from 'react-router';

/** The review of flagged accounts, beside the users list (deciding needs admin.users.edit; the page checks). */
export const accountFlagPages: { path: string; permission: string; lazy: RouteObject['lazy'] }[] = [
  {
    path: 'users/flags',
    permission: 'admin.users.list',
    lazy: () => import('./account-flags-page.tsx').then((m) => ({ Component: m.AccountFlagsPage })),
  },
];
