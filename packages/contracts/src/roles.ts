/** Built-in roles, seeded on first start. They can be renamed but not deleted. */
export interface BuiltinRole {
  level: number;
  name: string;
  display_name: string;
  color: string;
  permissions: string[];
}

const ticketDesk = ['admin.dashboard.view', 'admin.tickets.list', 'admin.tickets.view'];
const support = [
  ...ticketDesk,
  'admin.departments.list',
  'admin.users.list',
  'admin.dashboard.components.support.view',
];
const seniorSupport = [
  ...support,
  'admin.users.edit',
  'admin.announcements.list',
  'admin.announcements.create',
  'admin.announcements.edit',
];
const moderator = [
  ...seniorSupport,
  'admin.image.reports.view',
  'admin.image.reports.list',
  'admin.image.reports.edit',
  'admin.image.reports.delete',
  'admin.images.list',
  'admin.images.delete',
  'admin.servers.list',
];
const manager = [
  ...moderator,
  'admin.health.view',
  'admin.servers.edit',
  'admin.server.queue.list',
  'admin.server.queue.view',
  'admin.server.queue.logs.view',
  'admin.locations.list',
  'admin.nests.list',
  'admin.egg.list',
  'admin.redeem.codes.list',
  'admin.redeem.codes.create',
  'admin.redeem.codes.edit',
  'admin.settings.view',
];

export const builtinRoles: readonly BuiltinRole[] = [
  { level: 1, name: 'member', display_name: 'Member', color: '#94a3b8', permissions: [] },
  { level: 2, name: 'helper', display_name: 'Helper', color: '#22d3ee', permissions: ticketDesk },
  { level: 3, name: 'support', display_name: 'Support', color: '#38bdf8', permissions: support },
  { level: 4, name: 'senior_support', display_name: 'Senior Support', color: '#60a5fa', permissions: seniorSupport },
  { level: 5, name: 'moderator', display_name: 'Moderator', color: '#a78bfa', permissions: moderator },
  { level: 6, name: 'manager', display_name: 'Manager', color: '#f472b6', permissions: manager },
  { level: 7, name: 'admin', display_name: 'Admin', color: '#fb923c', permissions: ['admin.root'] },
  { level: 8, name: 'administrator', display_name: 'Administrator', color: '#f87171', permissions: ['admin.root'] },
];
export const MEMBER_ROLE_LEVEL = 1;
export const ADMINISTRATOR_ROLE_LEVEL = 8;
