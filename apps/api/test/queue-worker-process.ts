// A Hostdeck instance that only runs the server queue worker, as a separate process on a PostgreSQL
// database (DATABASE_URL): the crash test kills it with SIGKILL in the middle of a build and starts
// another. It runs with the production lease and polling interval, so the test proves real recovery times.
import { buildApp } from '../src/app.ts';
import { ServerQueueWorker } from '../src/workers/server-queue.worker.ts';
import { testConfig } from './config.ts';

const app = await buildApp(testConfig({ databaseUrl: process.env.DATABASE_URL }), { logger: false });
const worker = new ServerQueueWorker(app.ctx.db, app.ctx.panel, app.ctx.settings, app.log);
worker.start();
process.stdout.write(`ready ${worker.instance}\n`);
