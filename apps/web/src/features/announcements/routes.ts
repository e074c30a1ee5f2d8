import type { RouteObject } from 'react-router';

const list = () => import('./announcements-list.tsx');
const form = () => import('./announcement-form.tsx').then((m) => ({ Component: m.AnnouncementFormPage }));

/** The admin pages of announcements, each behind its permission. */
export const announcementAdminPages: { path: string; permission: string; lazy: RouteObject['lazy'] }[] = [
  {
    path: 'announcements',
    permission: 'admin.announcements.list',
    lazy: () => list().then((m) => ({ Component: m.AnnouncementsList })),
  },
  { path: 'announcements/create', permission: 'admin.announcements.create', lazy: form },
  { path: 'announcements/:id/edit', permission: 'admin.announcements.edit', lazy: form },
  {
    path: 'announcements/:id/delete',
    permission: 'admin.announcements.delete',
    lazy: () => list().then((m) => ({ Component: m.AnnouncementDelete })),
  },
];
