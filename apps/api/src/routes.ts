import type { FastifyInstance } from 'fastify';
import { adblockRoutes } from './modules/abuse/adblock.routes.ts';
import { accountFlagsRoutes } from './modules/abuse/flags.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { accountSessionsRoutes } from './modules/account-sessions/account-sessions.routes.ts';
import { afkRoutes } from './modules/afk/afk.routes.ts';
import { announcementsRoutes } from './modules/announcements/announcements.routes.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { twoFactorRoutes } from './modules/auth/two-factor.routes.ts';
import { verifyEmailRoutes } from './modules/auth/verify-email.routes.ts';
import { backupsRoutes } from './modules/backups/backups.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { cloudRoutes } from './modules/cloud/cloud.routes.ts';
import { coinsRoutes } from './modules/coins/coins.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { discordRoutes } from './modules/discord/discord.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { probesRoutes } from './modules/health/probes.routes.ts';
import { hostedImagesPublicRoutes } from './modules/hosted-images/hosted-images.public.routes.ts';
import { hostedImagesRoutes } from './modules/hosted-images/hosted-images.routes.ts';
import { imageReportsRoutes } from './modules/hosted-images/image-reports.routes.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { j4rRoutes } from './modules/j4r/j4r.routes.ts';
import { linksRoutes } from './modules/links/links.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { panelRoutes } from './modules/panel/panel.routes.ts';
import { passkeyAuthRoutes } from './modules/passkeys/passkey-auth.routes.ts';
import { passkeysRoutes } from './modules/passkeys/passkeys.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { pluginsRoutes } from './modules/plugins/plugins.routes.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { redeemRoutes } from './modules/redeem/redeem.routes.ts';
import { redirectsRoutes } from './modules/redirects/redirects.routes.ts';
import { referralsRoutes } from './modules/referrals/referrals.routes.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { queueAdminRoutes } from './modules/servers/queue.admin.routes.ts';
import { serversAdminRoutes } from './modules/servers/servers.admin.routes.ts';
import { serversRoutes } from './modules/servers/servers.routes.ts';
import { sessionRoutes } from './modules/session/session.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { ssoRoutes } from './modules/sso/sso.routes.ts';
import { storeRoutes } from './modules/store/store.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { ticketsRoutes } from './modules/tickets/tickets.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { webVitalsRoutes } from './modules/web-vitals/web-vitals.routes.ts';

/** The one registry of feature routes: add a module here. */
export const featureRoutes: ((app: FastifyInstance) => Promise<void>)[] = [
  systemRoutes,
  sessionRoutes,
  dashboardRoutes,
  webVitalsRoutes,
  pluginsRoutes,
  healthRoutes,
  probesRoutes,
  metricsRoutes,
  authRoutes,
  ssoRoutes,
  apiKeysRoutes,
  twoFactorRoutes,
  accountSessionsRoutes,
  passkeyAuthRoutes,
  passkeysRoutes,
  settingsRoutes,
  auditRoutes,
  rolesRoutes,
  usersRoutes,
  panelRoutes,
  catalogRoutes,
  serversRoutes,
  queueAdminRoutes,
  serversAdminRoutes,
  coinsRoutes,
  redeemRoutes,
  storeRoutes,
  profilesRoutes,
  mediaRoutes,
  afkRoutes,
  referralsRoutes,
  paymentsRoutes,
  linksRoutes,
  discordRoutes,
  j4rRoutes,
  ticketsRoutes,
  mailRoutes,
  notificationsRoutes,
  verifyEmailRoutes,
  accountRoutes,
  announcementsRoutes,
  redirectsRoutes,
  backupsRoutes,
  cloudRoutes,
  imagesRoutes,
  hostedImagesRoutes,
  hostedImagesPublicRoutes,
  imageReportsRoutes,
  adblockRoutes,
  accountFlagsRoutes,
];
