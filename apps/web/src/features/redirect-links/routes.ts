import { crudPages } from '../admin/resource/crud-pages.ts';

const list = () => import('./redirect-links-list.tsx');

/** The admin pages of redirect links, each behind its permission. */
export const redirectLinkPages = crudPages({
  path: 'redirect-links',
  permission: 'admin.redirect.links',
  list: () => list().then((m) => m.RedirectLinksList),
  form: () => import('./redirect-link-form.tsx').then((m) => m.RedirectLinkFormPage),
  remove: () => list().then((m) => m.RedirectLinkDelete),
});
