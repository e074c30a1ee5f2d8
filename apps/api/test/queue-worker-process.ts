// A Hostdeck instance that only runs the server queue worker, as a separate process on a PostgreSQL
// database (DATABASE_URL): the crash test kills it with SIGKILL in the middle of a build and starts
// another. STUCK_MS is how long an item left "building" waits before it is taken back.
import { buildApp } from '../src/app.ts';
import { ServerQueueWorker } from '../src/workers/server-queue.worker.ts';
import { testConfig } from './config.ts';

const app = await buildApp(testConfig({ databaseUrl: process.env.DATABASE_URL }), { logger: false });
const worker = new ServerQueueWorker(app.ctx.db, app.ctx.panel, app.ctx.settings, app.log, {
  stuckMs: Number(process.env.STUCK_MS ?? 600_000),
});
worker.start(200);
process.stdout.write('ready\n');
