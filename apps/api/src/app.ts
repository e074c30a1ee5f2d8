import { join } from 'node:path';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type Database, openDatabase } from './db/client.ts';
import { seedRoles } from './db/seed.ts';
import { PanelService } from './integrations/hosting/panel.service.ts';
import { defaultLinkEndpoints, type LinkEndpoints } from './integrations/links/providers.ts';
import { smtpMailer } from './integrations/smtp/mailer.ts';
import type { StripeApi } from './integrations/stripe/client.ts';
import { resolveAppKey } from './lib/app-key.ts';
import { type Bus, localBus, redisBus } from './lib/bus.ts';
import { DeferredTasks } from './lib/deferred-tasks.ts';
import { closeWebSocketsForRestart, ShutdownState } from './lib/graceful-shutdown.ts';
import { LogRing, logDestination, logRedactPaths, stdoutDestination } from './lib/log-ring.ts';
import { apiRoot } from './lib/paths.ts';
import { mediaStorageFor } from './lib/s3-storage.ts';
import { responseSerializerCompiler } from './lib/serializer.ts';
import { AdblockService } from './modules/abuse/adblock.service.ts';
import { AltSignInWatcher, AltSignUpCheck } from './modules/abuse/alt-check.ts';
import { earningOnHoldById } from './modules/abuse/flags.guard.ts';
import { SignUpGuard } from './modules/abuse/sign-up-guard.ts';
import { TurnstileService } from './modules/abuse/turnstile.service.ts';
import { VpnService } from './modules/abuse/vpn.service.ts';
import { registerVpnGuard } from './modules/abuse/vpn-guard.ts';
import { AfkService } from './modules/afk/afk.service.ts';
import { ApiKeysService } from './modules/api-keys/api-keys.service.ts';
import { SignInLinksService } from './modules/api-keys/sign-in-links.service.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { SessionService } from './modules/auth/sessions.service.ts';
import { TwoFactorService } from './modules/auth/two-factor.service.ts';
import { BackupsService } from './modules/backups/backups.service.ts';
import { CatalogCache } from './modules/catalog/catalog.cache.ts';
import { DiscordService } from './modules/discord/discord.service.ts';
import { imagesOriginGuard } from './modules/hosted-images/hosted-images.urls.ts';
import { J4rService } from './modules/j4r/j4r.service.ts';
import { LinksService } from './modules/links/links.service.ts';
import { MailOutbox } from './modules/mail/mail.service.ts';
import { bindMailPublicUrl } from './modules/mail/templates.ts';
import { registerRequestMetrics } from './modules/metrics/metrics.routes.ts';
import { Metrics } from './modules/metrics/metrics.ts';
import { NotificationsHub } from './modules/notifications/notifications.hub.ts';
import { panelFlavourGuard } from './modules/panel/panel-flavour.guard.ts';
import { PasskeySignInService } from './modules/passkeys/passkey-sign-in.service.ts';
import { PasskeysService } from './modules/passkeys/passkeys.service.ts';
import { PaymentsService } from './modules/payments/payments.service.ts';
import type { PluginDirs } from './modules/plugins/plugins.discovery.ts';
import { PluginRegistry } from './modules/plugins/plugins.registry.ts';
import { RedirectCache } from './modules/redirects/redirects.cache.ts';
import { ServersService } from './modules/servers/servers.service.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { SsoService } from './modules/sso/sso.service.ts';
import { LicenseService } from './modules/system/license.service.ts';
import { access, type RouteInfo, registerAccess } from './plugins/access.ts';
import { registerControlCharacterGuard } from './plugins/control-characters.ts';
import { frameworkError, registerErrorHandler } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { RequestLog } from './plugins/request-log.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';
import { featureRoutes } from './routes.ts';
import { AccountDeletionWorker } from './workers/account-deletion.worker.ts';
import { AnnouncementBellWorker } from './workers/announcement-bell.worker.ts';
import { BackupScheduleWorker } from './workers/backup-schedule.worker.ts';
import { ImageRetentionWorker } from './workers/image-retention.worker.ts';
import { J4rRecheckWorker } from './workers/j4r-recheck.worker.ts';
import { ServerLifecycleWorker } from './workers/server-lifecycle.worker.ts';
import { ServerQueueWorker } from './workers/server-queue.worker.ts';
import { VpnListsWorker } from './workers/vpn-lists.worker.ts';

export interface BuildOptions {
  /** An open database (tests hand in a migrated copy); otherwise opened from config and closed with the app. */
  database?: Database;
  /** false: the log goes only to the in-memory ring (tests); standard output otherwise. */
  logger?: false;
  /** Where the Stripe API is (tests point it at a local double); Stripe's own servers otherwise. */
  stripeApi?: StripeApi;
  /** Where the link providers' APIs are (tests point them at local doubles). */
  linkEndpoints?: Partial<LinkEndpoints>;
  /** Where Discord is (its OAuth2 pages and API); https://discord.com otherwise. */
  discordBase?: string;
  /** A fan-out bus shared with other instances (tests run two apps on one); not closed with the app. */
  bus?: Bus;
  /** Where Cloudflare Turnstile's siteverify is; config.turnstileBaseUrl, else Cloudflare's. */
  turnstileBase?: string;
  /** Where plugins are looked for; the shipped plugins/, DATA_DIR/plugins and node_modules otherwise. */
  pluginDirs?: PluginDirs;
}

export type BuiltApp = FastifyInstance;

/** Builds the whole application; the server and the tests both use this. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const { trustProxy } = config;
  // The log goes to stdout (unless switched off) and to the ring the dashboard's logs widget reads.
  const logs = new LogRing(500);
  const stream = logDestination(logs, options.logger === false ? null : stdoutDestination());
  const log = pino({ level: config.logLevel, redact: logRedactPaths }, stream);
  const serverOptions: FastifyServerOptions = {
    loggerInstance: log,
    // One line per request, written when it ends, by a logger without redaction (its fields are ours).
    logController: new RequestLog(pino({ level: config.logLevel }, stream)),
    // A hop count trusts that many proxies in front of us; client IPs come from trusted proxies only.
    trustProxy: typeof trustProxy === 'number' ? (_addr: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: config.bodyLimit,
    // While closing, a request on a connection still open is served (with Connection: close), not
    // refused with 503: the balancer has already taken this instance out (lib/graceful-shutdown.ts).
    return503OnClosing: false,
    // Errors the router meets before any route runs (a malformed %-escape in a path parameter) answer
    // in the house envelope like every other error, rather than Fastify's own body.
    frameworkErrors: frameworkError,
  };
  const app = Fastify(serverOptions);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.checkResponses }));

  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase(config));
  const bus: Bus = options.bus ?? (config.redisUrl ? redisBus(config.redisUrl, { log }) : localBus());
  database.memberCache?.relayThrough(bus);
  app.addHook('onClose', async () => {
    await ctx.tasks.idle();
    ctx.afk.closeAll();
    await ctx.mail.stop();
    await ctx.serverQueue.stop();
    await ctx.serverLifecycle.stop();
    await ctx.accountDeletion.stop();
    await ctx.imageRetention.stop();
    await ctx.announcementBell.stop();
    await ctx.plugins.stop();
    await ctx.j4rRecheck.stop();
    await ctx.backupSchedule.stop();
    await ctx.vpnLists.stop();
    await ctx.panel.close();
    if (!options.bus) await bus.close();
    if (ownsDatabase) await database.close();
  });

  await database.migrate();
  await seedRoles(database.db);
  const appKey = resolveAppKey(config);
  const settings = new SettingsService(database.db, bus, appKey);
  await settings.sealStoredSecrets();
  await settings.reload();
  const sessions = new SessionService(database.db, settings, bus);
  database.memberCache?.watch((userId) => sessions.memberChanged(userId));
  const panel = new PanelService(settings);
  settings.guard(panelFlavourGuard(database.db, panel));
  const publicUrl = () =>
    settings.string('app_url').replace(/\/+$/, '') || config.publicUrl || `http://localhost:${config.port}`;
  bindMailPublicUrl(settings, publicUrl);
  settings.guard(imagesOriginGuard(publicUrl));
  const servers = new ServersService(database.db, settings, panel, app.log);
  const redirects = new RedirectCache(database.db, bus);
  await redirects.reload();
  const discordBase = options.discordBase ?? config.discordBaseUrl ?? 'https://discord.com';
  const discord = new DiscordService(database.db, settings, publicUrl, discordBase);
  const j4r = new J4rService(database.db, settings, discord, app.log);
  const backups = new BackupsService(database, config.dataDir, app.log);
  const media = mediaStorageFor(config);
  // Every sign-up (form or SSO) passes these checks, in this order.
  const signUpGuard = new SignUpGuard();
  const turnstile = new TurnstileService(
    settings,
    app.log,
    options.turnstileBase ?? config.turnstileBaseUrl ?? 'https://challenges.cloudflare.com',
  );
  const vpn = new VpnService(settings, app.log);
  // The human check first (cheapest refusal of a bot), then anti-VPN.
  signUpGuard.add(turnstile.signUpCheck());
  signUpGuard.add(vpn.signUpCheck());
  signUpGuard.add(new AltSignUpCheck(database.db, settings)).watch(new AltSignInWatcher(database.db, settings));
  const notifications = new NotificationsHub(bus);
  const mailer = smtpMailer(settings);
  const pluginDirs = options.pluginDirs ?? {
    bundled: join(apiRoot, '..', '..', 'plugins'),
    data: join(config.dataDir, 'plugins'),
    npm: join(apiRoot, '..', '..', 'node_modules'),
  };
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    bus,
    settings,
    sessions,
    auth: new AuthService(database.db, settings, sessions, publicUrl, signUpGuard, () => mailer.configured()),
    sso: new SsoService(database.db, settings, turnstile, () => ctx.auth, publicUrl, {
      discord: discordBase,
      github: {
        oauth: config.githubOAuthUrl ?? 'https://github.com',
        api: config.githubApiUrl ?? 'https://api.github.com',
      },
    }),
    apiKeys: new ApiKeysService(database.db),
    signInLinks: new SignInLinksService(database.db, publicUrl, () => ctx.auth),
    twoFactor: new TwoFactorService(database.db, settings, sessions, appKey, publicUrl),
    passkeys: new PasskeysService(database.db, settings, publicUrl),
    passkeySignIn: new PasskeySignInService(database.db, sessions, () => ctx.auth),
    license: new LicenseService(settings),
    mail: new MailOutbox(database.db, mailer, app.log),
    panel,
    serverQueue: new ServerQueueWorker(database.db, panel, settings, app.log),
    servers,
    discord,
    j4r,
    j4rRecheck: new J4rRecheckWorker(j4r, app.log),
    links: new LinksService(database.db, settings, publicUrl, { ...defaultLinkEndpoints, ...options.linkEndpoints }),
    afk: new AfkService(database.db, settings, bus, app.log),
    notifications,
    announcementBell: new AnnouncementBellWorker(database.db, notifications, app.log),
    plugins: new PluginRegistry(database.db, bus, app.log, appKey, panel, sessions, pluginDirs, (userId) =>
      earningOnHoldById(database.db, settings, userId),
    ),
    payments: new PaymentsService(database.db, settings, publicUrl, options.stripeApi),
    serverLifecycle: new ServerLifecycleWorker(database.db, panel, settings, servers, app.log, publicUrl),
    accountDeletion: new AccountDeletionWorker(database.db, servers, media, app.log, settings),
    imageRetention: new ImageRetentionWorker(database.db, media, settings, app.log),
    media,
    redirects,
    catalog: new CatalogCache(database.db, bus),
    publicUrl,
    backups,
    backupSchedule: new BackupScheduleWorker(backups, settings, app.log),
    logs,
    tasks: new DeferredTasks(app.log),
    vpn,
    vpnLists: new VpnListsWorker(vpn, settings, app.log),
    turnstile,
    adblock: new AdblockService(settings, appKey),
    shutdown: new ShutdownState(app.server),
    metrics: new Metrics({
      db: database.db,
      pool: database.pool,
      log: app.log,
      sessionCache: sessions.cacheStats,
      memberCache: database.memberCache,
      bus: bus.stats,
    }),
  };
  for (const worker of [
    ctx.mail,
    ctx.serverQueue,
    ctx.serverLifecycle,
    ctx.accountDeletion,
    ctx.imageRetention,
    ctx.announcementBell,
    ctx.j4rRecheck,
    ctx.backupSchedule,
    ctx.vpnLists,
  ])
    worker.meter = ctx.metrics.workers;
  app.decorate('ctx', ctx);

  // Routes added by third-party plugins (the docs UI) are public documentation.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs') || route.url === '/api/openapi.json')
      route.config = { ...route.config, access: access.public };
  });
  registerErrorHandler(app);
  registerControlCharacterGuard(app);
  await app.register(cookie);
  await registerSecurity(app);
  // After cookies and CSRF: the access hook reads the session cookie.
  const routeTable: RouteInfo[] = [];
  app.decorate('routeTable', routeTable);
  registerAccess(app, routeTable);
  registerRequestMetrics(app);
  // After the access hook: the user.permission.vpn bypass reads the resolved session.
  registerVpnGuard(app);
  await registerRateLimit(app);
  await registerOpenApi(app);
  await app.register(websocket, { options: { maxPayload: 1024 }, preClose: closeWebSocketsForRestart });
  app.get('/api/openapi.json', { config: { access: access.public }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  for (const routes of featureRoutes) await app.register(routes);
  // The enabled plugins' code is loaded before the first request (a plugin that fails is listed as failed).
  await ctx.plugins.init();
  await registerSpa(app);
  app.setNotFoundHandler((req, reply) =>
    reply
      .status(404)
      .send({ success: false, error_code: 'NOT_FOUND', message: `No route ${req.method} ${req.url.split('?')[0]}` }),
  );
  return app;
}
