import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { fromPglite } from './db/client.ts';
import { createPglite } from './db/pglite.ts';
import { apiRoot } from './lib/paths.ts';

/** Writes apps/api/openapi.json from the routes' zod schemas (a test checks it stays current). */
const database = await fromPglite(await createPglite());
const app = await buildApp(
  { ...loadConfig({}), logLevel: 'silent', appKey: 'x'.repeat(32) },
  { database, logger: false },
);
await app.ready();
writeFileSync(join(apiRoot, 'openapi.json'), `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await database.close();
console.log('wrote apps/api/openapi.json');
