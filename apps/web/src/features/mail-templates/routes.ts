import type { RouteObject } from 'react-router';

const list = () => import('./mail-templates-list.tsx');
const outbox = () => import('./mail-outbox.tsx');

/**
 * The admin pages of mail. Templates are a fixed set: /create explains that, /:id/delete resets one
 * to its default. The outbox is read with the templates' list permission.
 */
export const mailAdminPages: { path: string; permission: string; lazy: RouteObject['lazy'] }[] = [
  {
    path: 'mail-templates',
    permission: 'admin.mail.templates.list',
    lazy: () => list().then((m) => ({ Component: m.MailTemplatesList })),
  },
  {
    path: 'mail-templates/create',
    permission: 'admin.mail.templates.create',
    lazy: () => list().then((m) => ({ Component: m.MailTemplateCreate })),
  },
  {
    path: 'mail-templates/:id/edit',
    permission: 'admin.mail.templates.edit',
    lazy: () => import('./mail-template-edit.tsx').then((m) => ({ Component: m.MailTemplateEdit })),
  },
  {
    path: 'mail-templates/:id/delete',
    permission: 'admin.mail.templates.delete',
    lazy: () => list().then((m) => ({ Component: m.MailTemplateReset })),
  },
  {
    path: 'mail-outbox',
    permission: 'admin.mail.templates.list',
    lazy: () => outbox().then((m) => ({ Component: m.MailOutboxList })),
  },
  {
    path: 'mail-outbox/:id',
    permission: 'admin.mail.templates.list',
    lazy: () => outbox().then((m) => ({ Component: m.MailOutboxView })),
  },
];
