/**
 * Each language's messages come in three chunks, so the sign-in pages load only what they show
 * (issue #15): `core` — the sign-in pages, the shell, errors, and any section not listed below;
 * `member` — the member pages; `admin` — the admin area. The layouts load their part (app/router.tsx).
 * A key asked for before its part is there loads the remaining parts (lib/i18n.ts): a section in the
 * wrong list costs a moment, never a missing text. build/locale-parts.ts cuts the JSON files.
 */
export const messageParts = ['core', 'member', 'admin', 'extra'] as const;
export type MessagePart = (typeof messageParts)[number];

export const memberSections: readonly string[] = [
  'adblock',
  'adminTickets',
  'afk',
  'announcements',
  'appearance',
  'coins',
  'credits',
  'dashboard',
  'demoPanel',
  'discord',
  'gift',
  'j4r',
  'leaderboard',
  'links',
  'lookup',
  'markdown',
  'profiles',
  'receipt',
  'redeem',
  'referrals',
  'resource',
  'store',
  'tickets',
  'topBar',
  'users',
  'ws',
];

export const adminSections: readonly string[] = [
  'accountFlags',
  'adminDashboard',
  'adminPlugins',
  'apiKeys',
  'audit',
  'backups',
  'catalog',
  'cloud',
  'departments',
  'health',
  'imageReports',
  'images',
  'j4rServers',
  'mailTemplates',
  'permissionCategories',
  'permissions',
  'queue',
  'redeemCodes',
  'redirectLinks',
  'roles',
  'settings',
];

/**
 * Sections of screens few visits open, loaded by those screens' own lazy routes (loadMessages('extra'))
 * rather than with the member layout: the image hosting pages, the Ctrl+I debug panel, the Ctrl+K search and
 * the UI customization panel. Their
 * words would otherwise weigh on every dashboard load (its budget is 200 KB; issue #15).
 */
export const extraSections: readonly string[] = ['customization', 'debugPanel', 'hostedImages', 'search'];

/** The part a top-level section of the messages belongs to. */
export function partOf(section: string): MessagePart {
  if (memberSections.includes(section)) return 'member';
  if (adminSections.includes(section)) return 'admin';
  if (extraSections.includes(section)) return 'extra';
  return 'core';
}
