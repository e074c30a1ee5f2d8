import { readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, type BuiltApp, buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { type Database, fromPglite, openPostgres } from '../src/db/client.ts';
import { createPglite } from '../src/db/pglite.ts';
import { testConfig } from './config.ts';

/** Which database the suite runs on: PGlite always; PostgreSQL in the api-pg project (TEST_DB=postgres). */
export const onPostgres = process.env.TEST_DB === 'postgres';

async function pgliteCopy(): Promise<Database> {
  const blob = new Blob([readFileSync(inject('pgliteTemplate'))]);
  return await fromPglite(await createPglite({ loadDataDir: blob }));
}

/** A fresh, empty database on the PostgreSQL server (not migrated), dropped on close. */
export async function postgresDatabase(): Promise<Database & { url: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL suite');
  const name = `hostdeck_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString());
  return {
    ...database,
    url: target.toString(),
    close: async () => {
      await database.close();
      // No "with (force)": killing a connection that is still closing makes pg emit an unhandled error.
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(`drop database if exists ${name}`);
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err; // still in use
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await c.end();
    },
  };
}

export interface TestApp {
  app: BuiltApp;
  database: Database;
  /** The PostgreSQL database's address (on PostgreSQL only), for tests that start other processes on it. */
  databaseUrl?: string;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Pick<BuildOptions, 'stripeApi' | 'linkEndpoints' | 'discordBase' | 'pluginDirs' | 'bus'> = {},
): Promise<TestApp> {
  const database: Database & { url?: string } = onPostgres ? await postgresDatabase() : await pgliteCopy();
  const config = testConfig(overrides);
  const app = await buildApp(config, { ...options, database, logger: false });
  return {
    app,
    database,
    databaseUrl: database.url,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
