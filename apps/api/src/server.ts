import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseUnavailableError } from './db/client.ts';
import { DataDirBusyError } from './db/lock.ts';
import { drainAndClose } from './lib/graceful-shutdown.ts';

/** Known start-up failures get one clear line and exit code 1; anything else is a bug and shows its stack. */
function fail(err: unknown): never {
  if (err instanceof ConfigError || err instanceof DatabaseUnavailableError || err instanceof DataDirBusyError) {
    console.error(`Hostdeck cannot start: ${err.message}`);
    process.exit(1);
  }
  throw err;
}

async function main(): Promise<void> {
  const config = (() => {
    try {
      return loadConfig();
    } catch (err) {
      return fail(err);
    }
  })();
  const app = await buildApp(config).catch(fail);

  // Started here (not in tests' apps); stopped first on SIGTERM, and again by app.ts's onClose.
  const workers = [
    app.ctx.mail,
    app.ctx.serverQueue,
    app.ctx.serverLifecycle,
    app.ctx.accountDeletion,
    app.ctx.imageRetention,
    app.ctx.announcementBell,
    app.ctx.plugins,
    app.ctx.j4rRecheck,
    app.ctx.backupSchedule,
    app.ctx.vpnLists,
  ];
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    const { shutdownDelayMs: delayMs, shutdownTimeoutMs: timeoutMs } = config;
    app.log.info(
      { signal, delayMs, timeoutMs },
      'shutting down: out of rotation, finishing requests and builds in flight',
    );
    const force = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown took longer than SHUTDOWN_TIMEOUT_MS; exiting anyway');
      process.exit(1);
    }, timeoutMs);
    force.unref();
    drainAndClose(app, { workers, delayMs }).then(
      () => {
        app.log.info('shut down cleanly');
        process.exit(0);
      },
      (err) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  for (const worker of workers) worker.start();
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Hostdeck ${app.ctx.database.kind === 'pglite' ? `on the embedded database in ${config.dataDir}` : 'on PostgreSQL'}`,
  );
  const setupLink = await app.ctx.auth.issueSetupToken();
  if (setupLink) {
    app.log.warn(`No administrator yet. Open this one-time link to create the first one: ${setupLink}`);
    console.log(
      `\n  First-run setup: ${setupLink}\n  (or: npm run admin:create -- --username U --email E --password P)\n`,
    );
  }
}

void main();
