import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app.ts';
import { type Database, fromPglite } from '../src/db/client.ts';
import { createPglite } from '../src/db/pglite.ts';
import { TestClient } from './client.ts';
import { testConfig } from './config.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/** Two instances on one database and one Redis: what a scaled-out deployment looks like. */
describe.runIf(redisUrl)('with Redis (two instances)', () => {
  let database: Database;
  let a: BuiltApp;
  let b: BuiltApp;
  beforeAll(async () => {
    database = await fromPglite(await createPglite());
    a = await buildApp(testConfig({ redisUrl, authRateLimitPerMinute: 4 }), { database, logger: false });
    b = await buildApp(testConfig({ redisUrl, authRateLimitPerMinute: 4 }), { database, logger: false });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
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
    const ca = new TestClient(a);
    // An address of its own: the sign-in budget (4 a minute here) lives in the Redis every suite of
    // this run shares, and other suites sign up from 127.0.0.1 in the same minute.
    ca.remoteAddress = `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const registered = await ca.post('/api/user/auth/register', {
      username: `redis_${Date.now()}`,
      email: `redis_${Date.now()}@example.com`,
      password: 'long enough password',
      first_name: 'R',
      last_name: 'D',
    });
    expect(registered.statusCode).toBe(201);
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
});
