/**
 * Every admin route of specification §2 with the permission it needs. Each has a real page behind
 * that permission (admin-route-table.test.ts fails on one without).
 */
export interface AdminRoute {
  path: string;
  permission: string;
}

const crudResources: [string, string][] = [
  ['locations', 'admin.locations'],
  ['departments', 'admin.departments'],
  ['eggs', 'admin.egg'],
  ['egg-categories', 'admin.nests'],
  ['announcements', 'admin.announcements'],
  ['mail-templates', 'admin.mail.templates'],
  ['redeem-codes', 'admin.redeem.codes'],
  ['redirect-links', 'admin.redirect.links'],
  ['roles', 'admin.roles'],
  ['j4r-servers', 'admin.j4r.servers'],
];

export const specAdminRoutes: AdminRoute[] = [
  { path: 'health', permission: 'admin.health.view' },
  ...crudResources.flatMap(([path, prefix]) => [
    { path, permission: `${prefix}.list` },
    { path: `${path}/create`, permission: `${prefix}.create` },
    { path: `${path}/:id/edit`, permission: `${prefix}.edit` },
    { path: `${path}/:id/delete`, permission: `${prefix}.delete` },
  ]),
  { path: 'roles/:id/permissions', permission: 'admin.permissions.list' },
  { path: 'users', permission: 'admin.users.list' },
  { path: 'users/:id/edit', permission: 'admin.users.edit' },
  { path: 'users/:id/delete', permission: 'admin.users.delete' },
  { path: 'tickets', permission: 'admin.tickets.list' },
  { path: 'tickets/:id', permission: 'admin.tickets.view' },
  { path: 'mythicalcloud', permission: 'admin.mythicalcloud.view' },
  { path: 'server-queue', permission: 'admin.server.queue.list' },
  { path: 'server-queue/create', permission: 'admin.server.queue.create' },
  { path: 'server-queue/logs', permission: 'admin.server.queue.logs.view' },
  { path: 'server-queue/:id', permission: 'admin.server.queue.view' },
  { path: 'server-queue/:id/delete', permission: 'admin.server.queue.delete' },
  { path: 'servers', permission: 'admin.servers.list' },
  { path: 'backups', permission: 'admin.backups.list' },
  { path: 'images', permission: 'admin.images.list' },
  { path: 'images/create', permission: 'admin.images.create' },
  { path: 'images/:id/delete', permission: 'admin.images.delete' },
];
