import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app.ts';
import { type Database, fromPglite } from '../src/db/client.ts';
import { createPglite } from '../src/db/pglite.ts';
import { sessions, settings, users } from '../src/db/schema/index.ts';
import { type Bus, redisBus } from '../src/lib/bus.ts';
import { TestClient } from './client.ts';
import { testConfig } from './config.ts';
import { relay } from './redis-relay.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/** A member signed up on `app`, from an address of its own: the sign-in budget (4 a minute here) lives
 * in the Redis every suite of this run shares, and other suites sign up from 127.0.0.1 in the same minute. */
async function registered(app: BuiltApp): Promise<TestClient> {
  const client = new TestClient(app);
  client.remoteAddress = `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const res = await client.post('/api/user/auth/register', {
    username: `redis_${tag}`,
    email: `redis_${tag}@example.com`,
    password: 'long enough password',
    first_name: 'R',
    last_name: 'D',
  });
  expect(res.statusCode).toBe(201);
  return client;
}

/** Two instances on one database and one Redis: what a scaled-out deployment looks like. */
describe.runIf(redisUrl)('with Redis (two instances)', () => {
  let database: Database;
  let a: BuiltApp;
  let b: BuiltApp;
  /** b's bus, under a client name of its own so that a test can cut its connection. */
  const busName = `hostdeck-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  /** Channels of this suite's own: the catch-up an instance cut from Redis asks for must not reach other suites. */
  const prefix = `${busName}:`;
  let busA: Bus;
  let busB: Bus;
  beforeAll(async () => {
    database = await fromPglite(await createPglite());
    busA = redisBus(redisUrl as string, { prefix });
    busB = redisBus(redisUrl as string, { name: busName, prefix });
    a = await buildApp(testConfig({ redisUrl, authRateLimitPerMinute: 4 }), { database, bus: busA, logger: false });
    b = await buildApp(testConfig({ redisUrl, authRateLimitPerMinute: 4 }), { database, bus: busB, logger: false });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await busA?.close();
    await busB?.close();
    await database?.close();
  });

  it('reports useRedis in core', async () => {
    const core = (await a.inject({ method: 'GET', url: '/api/system/settings' })).json().core;
    expect(core.debug.useRedis).toBe(true);
  });

  it('a settings change on one instance reaches the other', async () => {
    const name = `Fanout ${Date.now()}`;
    expect((await b.inject({ method: 'GET', url: '/api/system/settings' })).json().settings.app_name).toBe('Hostdeck');
    await a.ctx.settings.update({ app_name: name });
    await expect
      .poll(async () => (await b.inject({ method: 'GET', url: '/api/system/settings' })).json().settings.app_name, {
        timeout: 5000,
      })
      .toBe(name);
  });

  it('a logout on one instance ends the session on the other at once', async () => {
    const ca = await registered(a);
    const cb = new TestClient(b);
    cb.cookies = new Map(ca.cookies);
    expect((await cb.get('/api/user/session')).statusCode).toBe(200);
    await ca.post('/api/user/auth/logout');
    await expect.poll(async () => (await cb.get('/api/user/session')).statusCode, { timeout: 5000 }).toBe(401);
  });

  it('shares auth rate-limit counters between instances', async () => {
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const attempt = (app: BuiltApp) =>
      new TestClient(app).request({
        method: 'POST',
        url: '/api/user/auth/login',
        payload: { login: 'x', password: 'y' },
        remoteAddress: ip,
      });
    const codes = [];
    for (const app of [a, b, a, b, a]) codes.push((await attempt(app)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 429]);
  });

  it('an instance whose Redis connection dropped catches up on what it missed', async () => {
    const member = await registered(a);
    const cb = new TestClient(b);
    cb.cookies = new Map(member.cookies);
    const appName = async () =>
      (await b.inject({ method: 'GET', url: '/api/system/settings' })).json().settings.app_name as string;
    const before = await appName();
    expect((await cb.get('/api/user/session')).statusCode).toBe(200);
    // Changed behind b's back, as a change leaves the database when its message is lost on the way.
    const name = `Missed ${Date.now()}`;
    await database.db
      .insert(settings)
      .values({ key: 'app_name', value: name })
      .onConflictDoUpdate({ target: settings.key, set: { value: name } });
    const id = (await cb.get('/api/user/session')).json().user_info.uuid as string;
    await database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, id));
    expect(await appName()).toBe(before);
    expect((await cb.get('/api/user/session')).statusCode).toBe(200);

    // Redis drops b's subscriber connection; ioredis connects again by itself.
    const admin = new Redis(redisUrl as string);
    try {
      const clients = String(await admin.client('LIST')).split('\n');
      const line = clients.find((l) => l.includes(` name=${busName} `));
      const clientId = line?.match(/\bid=(\d+)/)?.[1];
      expect(clientId).toBeTruthy();
      await admin.client('KILL', 'ID', clientId as string);
    } finally {
      admin.disconnect();
    }
    await expect.poll(appName, { timeout: 10_000 }).toBe(name);
    await expect.poll(async () => (await cb.get('/api/user/session')).statusCode, { timeout: 10_000 }).toBe(401);
    // And b listens again: the next change made on a reaches it.
    await a.ctx.settings.update({ app_name: `${name} again` });
    await expect.poll(appName, { timeout: 5000 }).toBe(`${name} again`);
  });

  it('while an instance cannot hear the bus, its session checks ask the database: a logout or a ban elsewhere is effective at once', async () => {
    const link = await relay(new URL(redisUrl as string));
    const busC = redisBus(link.url(), { prefix });
    const c = await buildApp(testConfig({ redisUrl, authRateLimitPerMinute: 4 }), {
      database,
      bus: busC,
      logger: false,
    });
    try {
      const onC = async (member: TestClient) => {
        const client = new TestClient(c);
        client.cookies = new Map(member.cookies);
        expect((await client.get('/api/user/session')).statusCode).toBe(200); // now in c's cache
        return client;
      };
      const leaving = await registered(a);
      const banned = await registered(a);
      const staying = await registered(a);
      const [leavingOnC, bannedOnC, stayingOnC] = [await onC(leaving), await onC(banned), await onC(staying)];
      const hits = c.ctx.sessions.cacheStats.sessionHits;
      expect((await stayingOnC.get('/api/user/session')).statusCode).toBe(200);
      expect(c.ctx.sessions.cacheStats.sessionHits).toBe(hits + 1);

      await expect.poll(() => c.ctx.bus.stats.listening).toBe(true);
      await link.cut();
      await expect.poll(() => c.ctx.bus.stats.listening).toBe(false);
      // Both announced on a's bus, which c no longer hears.
      expect((await leaving.post('/api/user/auth/logout')).statusCode).toBeLessThan(300);
      const bannedId = (await banned.get('/api/user/session')).json().user_info.uuid as string;
      await database.db.update(users).set({ banned: true }).where(eq(users.id, bannedId));
      await a.ctx.sessions.invalidateUser(bannedId);

      expect((await leavingOnC.get('/api/user/session')).statusCode).toBe(401);
      expect((await bannedOnC.get('/api/user/session')).json().error_code).toBe('ACCOUNT_BANNED');
      const misses = c.ctx.sessions.cacheStats.sessionMisses;
      expect((await stayingOnC.get('/api/user/session')).statusCode).toBe(200);
      expect(c.ctx.sessions.cacheStats.sessionMisses).toBe(misses + 1); // asked the database

      await link.restore();
      await expect.poll(() => c.ctx.bus.stats.listening, { timeout: 10_000 }).toBe(true);
      await stayingOnC.get('/api/user/session');
      const cached = c.ctx.sessions.cacheStats.sessionHits;
      expect((await stayingOnC.get('/api/user/session')).statusCode).toBe(200);
      expect(c.ctx.sessions.cacheStats.sessionHits).toBe(cached + 1); // cached again
    } finally {
      await c.close();
      await busC.close();
      await link.cut();
    }
  });
});
