import { hasPermission, linkProviderNames } from '@hostdeck/contracts';
import {
  Archive,
  BadgeCheck,
  Bell,
  Cloud,
  Coins,
  Egg,
  FileText,
  Flag,
  Gauge,
  Gift,
  HardDrive,
  HeartPulse,
  History,
  Image,
  Inbox,
  KeyRound,
  Layers,
  LayoutDashboard,
  Link,
  ListOrdered,
  type LucideIcon,
  Mail,
  MapPin,
  Megaphone,
  MessageSquare,
  Plug,
  Plus,
  Search,
  Server,
  Settings,
  ShieldCheck,
  ShoppingCart,
  Ticket,
  Trophy,
  Users,
} from 'lucide-react';

export interface NavEntry {
  path: string;
  /** Translation key. */
  label: string;
  icon: LucideIcon;
  permission?: string;
  /**
   * The public boolean setting(s) that switch the area on: the entry hides when each of them is
   * false (the server refuses the area's calls then too, FEATURE_DISABLED).
   */
  setting?: string | readonly string[];
}

/** Link rewards are on while any provider is. */
const linkProviderFlags = Object.keys(linkProviderNames).map((p) => `l4r_${p}_enabled`);

export const memberNav: NavEntry[] = [
  { path: '/dashboard', label: 'nav.dashboard', icon: LayoutDashboard },
  { path: '/server/create', label: 'nav.createServer', icon: Plus, setting: 'allow_servers' },
  { path: '/earn/afk', label: 'nav.afk', icon: Coins, setting: 'afk_enabled' },
  { path: '/earn/redeem', label: 'nav.redeem', icon: Gift, setting: 'code_redemption_enabled' },
  { path: '/earn/referrals', label: 'nav.referrals', icon: Users, setting: 'referrals_enabled' },
  { path: '/earn/links', label: 'nav.links', icon: Link, setting: linkProviderFlags },
  { path: '/earn/j4r', label: 'nav.j4r', icon: BadgeCheck, setting: 'j4r_enabled' },
  { path: '/store', label: 'nav.store', icon: ShoppingCart, setting: 'store_enabled' },
  { path: '/leaderboard', label: 'nav.leaderboard', icon: Trophy, setting: 'leaderboard_enabled' },
  // Lookup stays: it finds members to gift coins to, and one's own profile is always open.
  { path: '/lookup', label: 'nav.lookup', icon: Search },
  { path: '/ticket', label: 'nav.tickets', icon: Ticket, setting: 'allow_tickets' },
  { path: '/announcements', label: 'nav.announcements', icon: Megaphone },
  { path: '/images', label: 'nav.images', icon: Image, setting: 'images_enabled' },
];

/** The admin navigation: one entry per area, shown only with its permission (the server enforces it too). */
export const adminNav: NavEntry[] = [
  { path: '/mc-admin', label: 'admin.nav.dashboard', icon: Gauge, permission: 'admin.dashboard.view' },
  { path: '/mc-admin/health', label: 'admin.nav.health', icon: HeartPulse, permission: 'admin.health.view' },
  {
    path: '/mc-admin/audit',
    label: 'admin.nav.audit',
    icon: History,
    permission: 'admin.dashboard.components.activity.view',
  },
  { path: '/mc-admin/users', label: 'admin.nav.users', icon: Users, permission: 'admin.users.list' },
  { path: '/mc-admin/roles', label: 'admin.nav.roles', icon: ShieldCheck, permission: 'admin.roles.list' },
  { path: '/mc-admin/servers', label: 'admin.nav.servers', icon: Server, permission: 'admin.servers.list' },
  {
    path: '/mc-admin/server-queue',
    label: 'admin.nav.serverQueue',
    icon: ListOrdered,
    permission: 'admin.server.queue.list',
  },
  { path: '/mc-admin/locations', label: 'admin.nav.locations', icon: MapPin, permission: 'admin.locations.list' },
  { path: '/mc-admin/egg-categories', label: 'admin.nav.eggCategories', icon: Layers, permission: 'admin.nests.list' },
  { path: '/mc-admin/eggs', label: 'admin.nav.eggs', icon: Egg, permission: 'admin.egg.list' },
  { path: '/mc-admin/tickets', label: 'admin.nav.tickets', icon: MessageSquare, permission: 'admin.tickets.list' },
  {
    path: '/mc-admin/departments',
    label: 'admin.nav.departments',
    icon: Archive,
    permission: 'admin.departments.list',
  },
  {
    path: '/mc-admin/announcements',
    label: 'admin.nav.announcements',
    icon: Bell,
    permission: 'admin.announcements.list',
  },
  {
    path: '/mc-admin/mail-templates',
    label: 'admin.nav.mailTemplates',
    icon: Mail,
    permission: 'admin.mail.templates.list',
  },
  {
    path: '/mc-admin/mail-outbox',
    label: 'admin.nav.mailOutbox',
    icon: Inbox,
    permission: 'admin.mail.templates.list',
  },
  { path: '/mc-admin/redeem-codes', label: 'admin.nav.redeemCodes', icon: Gift, permission: 'admin.redeem.codes.list' },
  {
    path: '/mc-admin/redirect-links',
    label: 'admin.nav.redirectLinks',
    icon: Link,
    permission: 'admin.redirect.links.list',
  },
  {
    path: '/mc-admin/j4r-servers',
    label: 'admin.nav.j4rServers',
    icon: BadgeCheck,
    permission: 'admin.j4r.servers.list',
  },
  { path: '/mc-admin/images', label: 'admin.nav.images', icon: Image, permission: 'admin.images.list' },
  {
    path: '/mc-admin/image-reports',
    label: 'admin.nav.imageReports',
    icon: Flag,
    permission: 'admin.image.reports.view',
  },
  { path: '/mc-admin/backups', label: 'admin.nav.backups', icon: HardDrive, permission: 'admin.backups.list' },
  { path: '/mc-admin/mythicalcloud', label: 'admin.nav.cloud', icon: Cloud, permission: 'admin.mythicalcloud.view' },
  { path: '/mc-admin/plugins', label: 'admin.nav.plugins', icon: Plug, permission: 'admin.plugins.list' },
  { path: '/mc-admin/api-keys', label: 'admin.nav.apiKeys', icon: KeyRound, permission: 'admin.apikeys.list' },
  { path: '/mc-admin/settings', label: 'admin.nav.settings', icon: Settings, permission: 'admin.settings.view' },
  { path: '/mc-admin/settings/old', label: 'admin.nav.settingsRaw', icon: FileText, permission: 'admin.settings.view' },
];

/** The entries whose area is not switched off by its setting. */
export function enabledEntries(entries: NavEntry[], setting: (key: string) => unknown): NavEntry[] {
  return entries.filter((e) => {
    if (!e.setting) return true;
    const keys: readonly string[] = typeof e.setting === 'string' ? [e.setting] : e.setting;
    // A setting the client has not loaded is not `false`: the entry shows until it says otherwise.
    return keys.some((k) => setting(k) !== false);
  });
}

export function visibleEntries(entries: NavEntry[], permissions: readonly string[]): NavEntry[] {
  return entries.filter((e) => !e.permission || hasPermission(permissions, e.permission));
}
