import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { PanelService } from './integrations/hosting/panel.service.ts';
import type { Bus } from './lib/bus.ts';
import type { DeferredTasks } from './lib/deferred-tasks.ts';
import type { ShutdownState } from './lib/graceful-shutdown.ts';
import type { LogRing } from './lib/log-ring.ts';
import type { MediaStorage } from './lib/storage.ts';
import type { AdblockService } from './modules/abuse/adblock.service.ts';
import type { TurnstileService } from './modules/abuse/turnstile.service.ts';
import type { VpnService } from './modules/abuse/vpn.service.ts';
import type { AfkService } from './modules/afk/afk.service.ts';
import type { ApiKeysService } from './modules/api-keys/api-keys.service.ts';
import type { SignInLinksService } from './modules/api-keys/sign-in-links.service.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import type { SessionService } from './modules/auth/sessions.service.ts';
import type { TwoFactorService } from './modules/auth/two-factor.service.ts';
import type { BackupsService } from './modules/backups/backups.service.ts';
import type { CatalogCache } from './modules/catalog/catalog.cache.ts';
import type { DiscordService } from './modules/discord/discord.service.ts';
import type { J4rService } from './modules/j4r/j4r.service.ts';
import type { LinksService } from './modules/links/links.service.ts';
import type { MailOutbox } from './modules/mail/mail.service.ts';
import type { Metrics } from './modules/metrics/metrics.ts';
import type { NotificationsHub } from './modules/notifications/notifications.hub.ts';
import type { PasskeySignInService } from './modules/passkeys/passkey-sign-in.service.ts';
import type { PasskeysService } from './modules/passkeys/passkeys.service.ts';
import type { PaymentsService } from './modules/payments/payments.service.ts';
import type { PluginRegistry } from './modules/plugins/plugins.registry.ts';
import type { RedirectCache } from './modules/redirects/redirects.cache.ts';
import type { ServersService } from './modules/servers/servers.service.ts';
import type { SettingsService } from './modules/settings/settings.service.ts';
import type { SsoService } from './modules/sso/sso.service.ts';
import type { LicenseService } from './modules/system/license.service.ts';
import type { RouteInfo } from './plugins/access.ts';
import type { AccountDeletionWorker } from './workers/account-deletion.worker.ts';
import type { AnnouncementBellWorker } from './workers/announcement-bell.worker.ts';
import type { BackupScheduleWorker } from './workers/backup-schedule.worker.ts';
import type { ImageRetentionWorker } from './workers/image-retention.worker.ts';
import type { J4rRecheckWorker } from './workers/j4r-recheck.worker.ts';
import type { ServerLifecycleWorker } from './workers/server-lifecycle.worker.ts';
import type { ServerQueueWorker } from './workers/server-queue.worker.ts';
import type { VpnListsWorker } from './workers/vpn-lists.worker.ts';

/** The services one app instance shares; reachable as app.ctx in routes and hooks. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  bus: Bus;
  settings: SettingsService;
  sessions: SessionService;
  auth: AuthService;
  /** Single sign-on with Discord and GitHub (sign in, sign up, link). */
  sso: SsoService;
  /** Integration keys (Authorization: Bearer) acting with their permissions on admin routes. */
  apiKeys: ApiKeysService;
  /** One-time sign-in links minted for members by staff or an integration. */
  signInLinks: SignInLinksService;
  twoFactor: TwoFactorService;
  /** My passkeys on /account (WebAuthn registration, rename, remove). */
  passkeys: PasskeysService;
  /** Passkey sign-in, alone or as the second factor. */
  passkeySignIn: PasskeySignInService;
  license: LicenseService;
  mail: MailOutbox;
  /** The game panel (Pterodactyl, or the built-in simulated one). */
  panel: PanelService;
  /** Builds queued servers on the panel. */
  serverQueue: ServerQueueWorker;
  /** Add credits: card payments and their webhook. */
  payments: PaymentsService;
  /** Discord account linking (OAuth2 with PKCE). */
  discord: DiscordService;
  /** Join for rewards: payouts after a Discord check, and re-checks with clawback. */
  j4r: J4rService;
  j4rRecheck: J4rRecheckWorker;
  /** Link rewards: starting links and paying their claims. */
  links: LinksService;
  /** AFK earning sessions (one per member, timed by the server). */
  afk: AfkService;
  /** The notifications sockets (the bell, live), across instances through the bus. */
  notifications: NotificationsHub;
  /** Members' servers after they are built: update, renew, delete. */
  servers: ServersService;
  /** Status sync from the panel, renewal reminders, suspension at expiry, deletion after the grace period. */
  serverLifecycle: ServerLifecycleWorker;
  /** Finishes account deletions: the member's servers on the panel first, then the account is erased. */
  accountDeletion: AccountDeletionWorker;
  /** Removes hosted images of deleted members once image_hosting_retention_days have passed. */
  imageRetention: ImageRetentionWorker;
  announcementBell: AnnouncementBellWorker;
  plugins: PluginRegistry;
  /** Uploaded files (avatars, backgrounds, skins), served at /api/media/<key>. */
  media: MediaStorage;
  /** Redirect links by name, in memory (the SPA fallback answers /{name} from it). */
  redirects: RedirectCache;
  /** Locations, egg categories and eggs in memory, dropped on every instance after a change. */
  catalog: CatalogCache;
  /** Where links in mails point: the app_url setting, else PUBLIC_URL, else localhost. */
  publicUrl(): string;
  /** Database backups (files in DATA_DIR/backups), made one at a time in the background. */
  backups: BackupsService;
  backupSchedule: BackupScheduleWorker;
  /** The last server log lines (the dashboard's logs widget). */
  logs: LogRing;
  /** Work started by a request that runs after its reply (e.g. the forgot-password mail). */
  tasks: DeferredTasks;
  /** Anti-adblock: bait nonces and the check tokens earning calls carry. */
  adblock: AdblockService;
  /** Anti-VPN: the list range table, the reputation provider, enforcement by scope. */
  vpn: VpnService;
  /** Downloads the VPN lists at start and every vpn_refresh_minutes. */
  vpnLists: VpnListsWorker;
  /** Cloudflare Turnstile on sign-up, forgot-password and sign-in after failures. */
  turnstile: TurnstileService;
  /** Prometheus metrics of this instance (GET /metrics with METRICS_TOKEN). */
  metrics: Metrics;
  /** Draining after SIGTERM: /readyz answers 503 (lib/graceful-shutdown.ts). */
  shutdown: ShutdownState;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every registered route with its access rule (read by the route-matrix test). */
    routeTable: RouteInfo[];
  }
}
