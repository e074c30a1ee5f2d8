import type { RouteObject } from 'react-router';

const list = () => import('./redirect-links-list.tsx');
const form = () => import('./redirect-link-form.tsx').then((m) => ({ Component: m.RedirectLinkFormPage }));

/** The admin pages of redirect links, each behind its permission. */
export const redirectLinkPages: { path: string; permission: string; lazy: RouteObject['lazy'] }[] = [
  {
    path: 'redirect-links',
    permission: 'admin.redirect.links.list',
    lazy: () => list().then((m) => ({ Component: m.RedirectLinksList })),
  },
  { path: 'redirect-links/create', permission: 'admin.redirect.links.create', lazy: form },
  { path: 'redirect-links/:id/edit', permission: 'admin.redirect.links.edit', lazy: form },
  {
    path: 'redirect-links/:id/delete',
    permission: 'admin.redirect.links.delete',
    lazy: () => list().then((m) => ({ Component: m.RedirectLinkDelete })),
  },
];
