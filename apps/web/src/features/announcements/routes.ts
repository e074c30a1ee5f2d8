import { crudPages } from '../admin/resource/crud-pages.ts';

const list = () => import('./announcements-list.tsx');

/** The admin pages of announcements, each behind its permission. */
export const announcementAdminPages = crudPages({
  path: 'announcements',
  permission: 'admin.announcements',
  list: () => list().then((m) => m.AnnouncementsList),
  form: () => import('./announcement-form.tsx').then((m) => m.AnnouncementFormPage),
  remove: () => list().then((m) => m.AnnouncementDelete),
});
