/**
 * Every admin route of specification §2 with the permission it needs. Pages not built yet show the
 * shared "coming in a later release" panel; each later issue replaces its entries with real pages.
 */
export interface AdminRoute {
  path: string;
  permission: string;
  /** Translation key of the area's title. */
  title: string;
}

const crudResources: [string, string, string][] = [
  ['locations', 'admin.locations', 'admin.nav.locations'],
  ['departments', 'admin.departments', 'admin.nav.departments'],
  ['eggs', 'admin.egg', 'admin.nav.eggs'],
  ['egg-categories', 'admin.nests', 'admin.nav.eggCategories'],
  ['announcements', 'admin.announcements', 'admin.nav.announcements'],
  ['mail-templates', 'admin.mail.templates', 'admin.nav.mailTemplates'],
  ['redeem-codes', 'admin.redeem.codes', 'admin.nav.redeemCodes'],
  ['redirect-links', 'admin.redirect.links', 'admin.nav.redirectLinks'],
  ['roles', 'admin.roles', 'admin.nav.roles'],
  ['j4r-servers', 'admin.j4r.servers', 'admin.nav.j4rServers'],
];

export const plannedAdminRoutes: AdminRoute[] = [
  { path: 'health', permission: 'admin.health.view', title: 'admin.nav.health' },
  ...crudResources.flatMap(([path, prefix, title]) => [
    { path, permission: `${prefix}.list`, title },
    { path: `${path}/create`, permission: `${prefix}.create`, title },
    { path: `${path}/:id/edit`, permission: `${prefix}.edit`, title },
    { path: `${path}/:id/delete`, permission: `${prefix}.delete`, title },
  ]),
  { path: 'roles/:id/permissions', permission: 'admin.permissions.list', title: 'admin.nav.roles' },
  { path: 'users', permission: 'admin.users.list', title: 'admin.nav.users' },
  { path: 'users/:id/edit', permission: 'admin.users.edit', title: 'admin.nav.users' },
  { path: 'users/:id/delete', permission: 'admin.users.delete', title: 'admin.nav.users' },
  { path: 'tickets', permission: 'admin.tickets.list', title: 'admin.nav.tickets' },
  { path: 'tickets/:id', permission: 'admin.tickets.view', title: 'admin.nav.tickets' },
  { path: 'mythicalcloud', permission: 'admin.mythicalcloud.view', title: 'admin.nav.cloud' },
  { path: 'server-queue', permission: 'admin.server.queue.list', title: 'admin.nav.serverQueue' },
  { path: 'server-queue/create', permission: 'admin.server.queue.create', title: 'admin.nav.serverQueue' },
  { path: 'server-queue/logs', permission: 'admin.server.queue.logs.view', title: 'admin.nav.serverQueue' },
  { path: 'server-queue/:id', permission: 'admin.server.queue.view', title: 'admin.nav.serverQueue' },
  { path: 'server-queue/:id/delete', permission: 'admin.server.queue.delete', title: 'admin.nav.serverQueue' },
  { path: 'servers', permission: 'admin.servers.list', title: 'admin.nav.servers' },
  { path: 'backups', permission: 'admin.backups.list', title: 'admin.nav.backups' },
  { path: 'images', permission: 'admin.images.list', title: 'admin.nav.images' },
  { path: 'images/create', permission: 'admin.images.create', title: 'admin.nav.images' },
  { path: 'images/:id/delete', permission: 'admin.images.delete', title: 'admin.nav.images' },
];
