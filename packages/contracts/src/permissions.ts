import { z } from 'zod';
import { PLUGIN_PERMISSION } from './plugins.ts';

export {
  ADMIN_ROLE_MAX,
  ADMIN_ROLE_MIN,
  hasPermission,
  isAdminRole,
  mayUseAdminPermission,
  ROOT_PERMISSION,
} from './access-checks.ts';

export interface PermissionEntry {
  /** The TypeScript-friendly name, e.g. ADMIN_USERS_LIST. */
  constant: string;
  /** The wire string, e.g. admin.users.list. */
  value: string;
  category: string;
  description: string;
  /** For the generated ones: the verb and a key of the thing it acts on, so clients can translate. */
  verb?: string;
  noun?: string;
}

const crud = ['create', 'edit', 'delete', 'list'] as const;
const verbText: Record<string, string> = {
  create: 'Create',
  edit: 'Edit',
  delete: 'Delete',
  list: 'List',
  view: 'View',
  upload: 'Upload to',
  download: 'Download from',
};

const entries: PermissionEntry[] = [];
function add(value: string, category: string, description: string, parts: { verb?: string; noun?: string } = {}): void {
  const constant = value.toUpperCase().replace(/\./g, '_');
  entries.push({ constant, value, category, description, ...parts });
}
function group(prefix: string, category: string, noun: string, verbs: readonly string[]): void {
  const nounKey = prefix.replace(/^admin\./, '').replace(/\./g, '_');
  for (const verb of verbs)
    add(`${prefix}.${verb}`, category, `${verbText[verb] ?? verb} ${noun}`, { verb, noun: nounKey });
}

add('admin.root', 'root', 'Every permission, present and future');
add('admin.dashboard.view', 'dashboard', 'Open the admin dashboard');
for (const [component, text] of [
  ['system.overview', 'See the system overview widget'],
  ['system.updates', 'See the updates widget'],
  ['system.logs', 'See the logs widget'],
  ['ataglanceanalytics.view', 'See the at-a-glance analytics widget'],
  ['support.view', 'See the support widget'],
  ['premiumedition.view', 'See the premium edition widget'],
  ['githubrepo.view', 'See the repository widget'],
  ['quickactions.view', 'See the quick actions widget'],
  ['activity.view', 'See the activity widget'],
] as const) {
  add(`admin.dashboard.components.${component}`, 'dashboard', text);
}
add('admin.health.view', 'health', 'See the health page');
group('admin.users', 'users', 'users', ['edit', 'delete', 'list']);
group('admin.servers', 'servers', 'servers', ['edit', 'delete', 'list']);
for (const [prefix, category, noun] of [
  ['admin.j4r.servers', 'j4r', 'join-for-rewards servers'],
  ['admin.locations', 'locations', 'locations'],
  ['admin.nests', 'nests', 'egg categories'],
  ['admin.egg', 'eggs', 'eggs'],
  ['admin.departments', 'departments', 'departments'],
  ['admin.roles', 'roles', 'roles'],
  ['admin.permissions', 'permissions', 'role permissions'],
  ['admin.announcements', 'announcements', 'announcements'],
  ['admin.images', 'images', 'admin images'],
  ['admin.mail.templates', 'mail', 'mail templates'],
  ['admin.redirect.links', 'redirect links', 'redirect links'],
  ['admin.redeem.codes', 'redeem codes', 'redeem codes'],
] as const) {
  group(prefix, category, noun, crud);
}
group('admin.plugins', 'plugins', 'plugins', ['edit', 'list']);
group('admin.backups', 'backups', 'backups', ['create', 'delete', 'list']);
group('admin.server.queue', 'server queue', 'server queue items', ['create', 'delete', 'list', 'view']);
add('admin.server.queue.logs.view', 'server queue', 'View server queue logs');
group('admin.tickets', 'tickets', 'tickets', ['list', 'view']);
group('admin.settings', 'settings', 'settings', ['view', 'edit']);
group('admin.mythicalcloud', 'cloud backups', 'cloud backups', ['view', 'download', 'upload']);
group('admin.image.reports', 'image reports', 'image reports', ['view', 'list', 'edit', 'delete']);
// Project-specific (not in the specification): integrations.
group('admin.apikeys', 'api keys', 'API keys', ['create', 'delete', 'list']);
add('admin.users.signin_links', 'users', 'Mint one-time sign-in links for members');
add('user.permission.vip', 'user', 'Create servers on VIP eggs or nodes');
add('user.permission.adblocker', 'user', 'Bypass the anti-adblock check');
add('user.permission.alt', 'user', 'Bypass the anti-alt check');
add('user.permission.vpn', 'user', 'Bypass the anti-VPN check');

/** The permission catalogue: every permission string the product knows, in display order. */
export const permissionCatalogue: readonly PermissionEntry[] = Object.freeze(entries);
export const permissionValues: readonly string[] = entries.map((e) => e.value);

/** A permission of the catalogue, or one a plugin adds (plugin.<identifier>.<name>, contracts/plugins.ts). */
export const PermissionSchema = z
  .string()
  .refine((v) => permissionValues.includes(v) || PLUGIN_PERMISSION.test(v), { message: 'Unknown permission' });
