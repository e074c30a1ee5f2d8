import type { RouteObject } from 'react-router';
import { accountFlagPages } from '../features/account-flags/routes.ts';
import { announcementAdminPages } from '../features/announcements/routes.ts';
import { backupPages } from '../features/backups/routes.ts';
import { cloudPages } from '../features/cloud/routes.ts';
import { departmentPages } from '../features/departments/routes.ts';
import { imageReportPages } from '../features/image-reports/routes.ts';
import { j4rServerPages } from '../features/j4r-servers/routes.ts';
import { mailAdminPages } from '../features/mail-templates/routes.ts';
import { pluginPages } from '../features/plugins/routes.ts';
import { redirectLinkPages } from '../features/redirect-links/routes.ts';
import { ticketAdminPages } from '../features/tickets/routes.ts';
import { RequirePermission } from './guards.tsx';
import { loadShell } from './shell-loader.ts';

// The admin area's route table, a chunk of its own found on the first navigation under /mc-admin
// (app/router.tsx): members and the login page never load it.

/** The admin pages, each behind its permission: every admin route of the specification (admin-routes.ts) and more. */
const adminPages: { path: string; permission: string; lazy: RouteObject['lazy'] }[] = [
  {
    path: 'users',
    permission: 'admin.users.list',
    lazy: () => import('../features/users/users-list.tsx').then((m) => ({ Component: m.UsersList })),
  },
  {
    path: 'users/:id/edit',
    permission: 'admin.users.edit',
    lazy: () => import('../features/users/user-edit.tsx').then((m) => ({ Component: m.UserEdit })),
  },
  {
    path: 'users/:id/delete',
    permission: 'admin.users.delete',
    lazy: () => import('../features/users/user-delete.tsx').then((m) => ({ Component: m.UserDelete })),
  },
  {
    path: 'roles',
    permission: 'admin.roles.list',
    lazy: () => import('../features/roles/roles-list.tsx').then((m) => ({ Component: m.RolesList })),
  },
  {
    path: 'roles/create',
    permission: 'admin.roles.create',
    lazy: () => import('../features/roles/role-form.tsx').then((m) => ({ Component: m.RoleFormPage })),
  },
  {
    path: 'roles/:id/edit',
    permission: 'admin.roles.edit',
    lazy: () => import('../features/roles/role-form.tsx').then((m) => ({ Component: m.RoleFormPage })),
  },
  {
    path: 'roles/:id/delete',
    permission: 'admin.roles.delete',
    lazy: () => import('../features/roles/role-delete.tsx').then((m) => ({ Component: m.RoleDelete })),
  },
  {
    path: 'roles/:id/permissions',
    permission: 'admin.permissions.list',
    lazy: () => import('../features/roles/role-permissions.tsx').then((m) => ({ Component: m.RolePermissions })),
  },
  ...accountFlagPages,
  ...catalogPages(),
  ...queuePages(),
  ...serverPages(),
  ...redeemCodePages(),
  ...imagePages(),
  ...imageReportPages,
  ...j4rServerPages,
  ...departmentPages,
  ...ticketAdminPages,
  ...announcementAdminPages,
  ...redirectLinkPages,
  ...cloudPages,
  ...backupPages,
  ...mailAdminPages,
  ...pluginPages,
  {
    path: 'api-keys',
    permission: 'admin.apikeys.list',
    lazy: () => import('../features/api-keys/api-keys-page.tsx').then((m) => ({ Component: m.ApiKeysPage })),
  },
  {
    path: 'health',
    permission: 'admin.health.view',
    lazy: () => import('../features/health/health-page.tsx').then((m) => ({ Component: m.HealthPage })),
  },
  {
    path: 'audit',
    permission: 'admin.dashboard.components.activity.view',
    lazy: () => import('../features/audit/audit-page.tsx').then((m) => ({ Component: m.AuditPage })),
  },
];

function imagePages() {
  return [
    {
      path: 'images',
      permission: 'admin.images.list',
      lazy: () => import('../features/images/images-list.tsx').then((m) => ({ Component: m.ImagesList })),
    },
    {
      path: 'images/create',
      permission: 'admin.images.create',
      lazy: () => import('../features/images/image-upload.tsx').then((m) => ({ Component: m.ImageUploadPage })),
    },
    {
      path: 'images/:id/delete',
      permission: 'admin.images.delete',
      lazy: () => import('../features/images/image-delete.tsx').then((m) => ({ Component: m.ImageDelete })),
    },
  ];
}

function redeemCodePages() {
  const list = () => import('../features/redeem-codes/redeem-codes-list.tsx');
  const form = () =>
    import('../features/redeem-codes/redeem-code-form.tsx').then((m) => ({ Component: m.RedeemCodeFormPage }));
  return [
    {
      path: 'redeem-codes',
      permission: 'admin.redeem.codes.list',
      lazy: () => list().then((m) => ({ Component: m.RedeemCodesList })),
    },
    { path: 'redeem-codes/create', permission: 'admin.redeem.codes.create', lazy: form },
    { path: 'redeem-codes/:id/edit', permission: 'admin.redeem.codes.edit', lazy: form },
    {
      path: 'redeem-codes/:id/delete',
      permission: 'admin.redeem.codes.delete',
      lazy: () => list().then((m) => ({ Component: m.RedeemCodeDelete })),
    },
  ];
}

function serverPages() {
  const pages = () => import('../features/servers/admin-servers.tsx');
  return [
    {
      path: 'servers',
      permission: 'admin.servers.list',
      lazy: () => pages().then((m) => ({ Component: m.AdminServersList })),
    },
    {
      path: 'servers/:id/delete',
      permission: 'admin.servers.delete',
      lazy: () => pages().then((m) => ({ Component: m.AdminServerDelete })),
    },
    {
      path: 'server-queue/create',
      permission: 'admin.server.queue.create',
      lazy: () =>
        import('../features/servers/admin-queue-create.tsx').then((m) => ({ Component: m.AdminQueueCreatePage })),
    },
  ];
}

function queuePages() {
  const pages = () => import('../features/server-queue/queue-pages.tsx');
  return [
    {
      path: 'server-queue',
      permission: 'admin.server.queue.list',
      lazy: () => pages().then((m) => ({ Component: m.QueueList })),
    },
    {
      path: 'server-queue/logs',
      permission: 'admin.server.queue.logs.view',
      lazy: () => pages().then((m) => ({ Component: m.QueueLogsPage })),
    },
    {
      path: 'server-queue/:id',
      permission: 'admin.server.queue.view',
      lazy: () => pages().then((m) => ({ Component: m.QueueItemPage })),
    },
    {
      path: 'server-queue/:id/delete',
      permission: 'admin.server.queue.delete',
      lazy: () => pages().then((m) => ({ Component: m.QueueDelete })),
    },
  ];
}

/** Locations, egg categories and eggs share one set of pages, configured per resource. */
function catalogPages() {
  const prefixes = { locations: 'admin.locations', 'egg-categories': 'admin.nests', eggs: 'admin.egg' };
  const pages = () => import('../features/catalog/catalog-pages.tsx');
  return Object.entries(prefixes).flatMap(([name, prefix]) => [
    {
      path: name,
      permission: `${prefix}.list`,
      lazy: () => pages().then((m) => ({ Component: () => <m.CatalogList name={name} /> })),
    },
    {
      path: `${name}/create`,
      permission: `${prefix}.create`,
      lazy: () => pages().then((m) => ({ Component: () => <m.CatalogForm name={name} /> })),
    },
    {
      path: `${name}/:id/edit`,
      permission: `${prefix}.edit`,
      lazy: () => pages().then((m) => ({ Component: () => <m.CatalogForm name={name} /> })),
    },
    {
      path: `${name}/:id/delete`,
      permission: `${prefix}.delete`,
      lazy: () => pages().then((m) => ({ Component: () => <m.CatalogDelete name={name} /> })),
    },
  ]);
}

const adminChildren: RouteObject[] = [
  {
    element: <RequirePermission permission="admin.dashboard.view" />,
    children: [
      {
        index: true,
        lazy: () =>
          import('../features/admin-dashboard/dashboard-page.tsx').then((m) => ({ Component: m.AdminDashboardPage })),
      },
    ],
  },
  {
    element: <RequirePermission permission="admin.settings.view" />,
    children: [
      {
        path: 'settings',
        lazy: () => import('../features/admin/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })),
      },
      {
        path: 'settings/old',
        lazy: () => import('../features/admin/settings-raw-page.tsx').then((m) => ({ Component: m.SettingsRawPage })),
      },
    ],
  },
  ...adminPages.map((r) => ({
    element: <RequirePermission permission={r.permission} />,
    children: [{ path: r.path, lazy: r.lazy }],
  })),
];

/** /mc-admin and everything under it. */
export const adminRoute: RouteObject = {
  path: 'mc-admin',
  lazy: () => loadShell('member', 'admin').then((m) => ({ Component: m.AdminLayout })),
  children: adminChildren,
};
