import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { Db } from '../../db/client.ts';
import { migrationsFolder } from '../../lib/paths.ts';
import { ReadinessProbe } from './probes.ts';

let t: TestApp;
beforeAll(async () => {
  // Request logging on (into the in-memory ring only), to see that probes stay out of it.
  t = await createTestApp({ logLevel: 'info' });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe('/healthz and /readyz', () => {
  it('answer 200 when all is well, without a session, a cookie or a log line', async () => {
    const live = await get('/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['set-cookie']).toBeUndefined();

    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', failed: null, checks: { database: 'ok', migrations: 'ok' } });
    expect(ready.headers['set-cookie']).toBeUndefined();

    // An ordinary call is logged; the probes are not.
    await get('/api/system/settings');
    const urls = t.app.ctx.logs
      .recent('trace', 500)
      .map((l) => (l.context.req as { url?: string } | undefined)?.url)
      .filter(Boolean);
    expect(urls).toContain('/api/system/settings');
    expect(urls).not.toContain('/healthz');
    expect(urls).not.toContain('/readyz');
  });

  it('are outside the rate limit', async () => {
    await t.app.ctx.settings.update({ rate_limit_enabled: true, rate_limit_per_minute: 10 });
    try {
      for (let i = 0; i < 12; i++) {
        expect((await get('/healthz')).statusCode).toBe(200);
        expect((await get('/readyz')).statusCode).toBe(200);
      }
      // The limit itself is working: an ordinary call from the same address is refused by now.
      const codes = [];
      for (let i = 0; i < 12; i++) codes.push((await get('/api/system/settings')).statusCode);
      expect(codes).toContain(429);
    } finally {
      await t.app.ctx.settings.update({ rate_limit_per_minute: 300 });
    }
  });

  it('/readyz answers 503 "migrations" while the newest migration is not applied', async () => {
    const db = t.app.ctx.db;
    const [last] = rows<{ id: number; hash: string; created_at: string }>(
      await db.execute(
        sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      ),
    );
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const res = await get('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        failed: 'migrations',
        checks: { database: 'ok', migrations: 'pending' },
      });
      expect((await get('/healthz')).statusCode).toBe(200);
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at}::bigint)`,
      );
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  it('/readyz answers 503 "shutting_down" from the moment the instance drains; /healthz still 200', async () => {
    t.app.ctx.shutdown.draining = true;
    try {
      const res = await get('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        failed: 'shutting_down',
        checks: { database: 'ok', migrations: 'ok' },
      });
      expect((await get('/healthz')).statusCode).toBe(200);
    } finally {
      t.app.ctx.shutdown.draining = false;
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  it('/readyz answers 503 "database" once the database is gone; /healthz still 200', async () => {
    const other = await createTestApp();
    const { dataDir } = other.app.ctx.config;
    try {
      expect((await other.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await other.database.close();
      const res = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        failed: 'database',
        checks: { database: 'down', migrations: 'unknown' },
      });
      expect((await other.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await other.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('ReadinessProbe', () => {
  /** A copy of the migrations folder whose journal lacks its newest entry (this build is older). */
  function olderBuild(): string {
    const folder = mkdtempSync(join(tmpdir(), 'hostdeck-older-build-'));
    cpSync(migrationsFolder, folder, { recursive: true });
    const file = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(file, 'utf8'));
    journal.entries.pop();
    writeFileSync(file, JSON.stringify(journal));
    return folder;
  }

  it('stays ready on a database a newer build migrated (expand then contract)', async () => {
    const folder = olderBuild();
    try {
      expect(await new ReadinessProbe(t.app.ctx.db, folder).check()).toEqual({
        status: 'ok',
        failed: null,
        checks: { database: 'ok', migrations: 'newer' },
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a database that answers but was never migrated is "migrations pending"', async () => {
    const err = Object.assign(new Error('relation does not exist'), { code: '42P01' });
    const db = { execute: () => Promise.reject(new Error('query failed', { cause: err })) } as unknown as Db;
    expect(await new ReadinessProbe(db).check()).toMatchObject({
      failed: 'migrations',
      checks: { database: 'ok', migrations: 'pending' },
    });
  });

  it('a database that does not answer is "timeout"; probes at once share one query', async () => {
    let queries = 0;
    const db = {
      execute: () => {
        queries++;
        return new Promise(() => {});
      },
    } as unknown as Db;
    const probe = new ReadinessProbe(db, migrationsFolder, 50);
    const results = await Promise.all([probe.check(), probe.check(), probe.check()]);
    expect(queries).toBe(1);
    for (const r of results)
      expect(r).toEqual({
        status: 'unavailable',
        failed: 'database',
        checks: { database: 'timeout', migrations: 'unknown' },
      });
  });
});
