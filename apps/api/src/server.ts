import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseUnavailableError } from './db/client.ts';
import { DataDirBusyError } from './db/lock.ts';

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

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  app.ctx.mail.start();
  app.ctx.serverQueue.start();
  app.ctx.serverLifecycle.start();
  app.ctx.accountDeletion.start();
  app.ctx.j4rRecheck.start();
  app.ctx.backupSchedule.start();
  app.ctx.vpnLists.start();
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
