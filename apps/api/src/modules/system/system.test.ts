import { SystemSettingsResponseSchema, settingsCatalogue } from '@hostdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { TestClient } from '../../../test/client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/system/settings', () => {
  it('answers exactly success, settings, core, message, error_code with public settings only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/system/settings' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['core', 'error_code', 'message', 'settings', 'success']);
    expect(SystemSettingsResponseSchema.parse(body).success).toBe(true);
    expect(body.settings.app_name).toBe('Hostdeck');
    expect(body.settings.allow_servers).toBe(true);
    for (const def of settingsCatalogue) {
      if (def.visibility === 'public') expect(body.settings).toHaveProperty(def.key);
      else expect(body.settings).not.toHaveProperty(def.key);
    }
    expect(body.core.debug).toEqual({ useRedis: false, rateLimit: { enabled: true, limit: 300 } });
    expect(body.core.app_version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('serves a changed value right after the change (cache invalidated)', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/system/settings' })).json();
    expect(before.settings.app_name).toBe('Hostdeck');
    await t.app.ctx.settings.update({ app_name: 'Blockhaven', rate_limit_per_minute: 500 });
    const after = (await t.app.inject({ method: 'GET', url: '/api/system/settings' })).json();
    expect(after.settings.app_name).toBe('Blockhaven');
    expect(after.core.debug.rateLimit.limit).toBe(500);
    await t.app.ctx.settings.update({ app_name: null, rate_limit_per_minute: null });
  });

  it('never includes a secret, even once set', async () => {
    await t.app.ctx.settings.update({ smtp_password: 'hunter2-very-secret', license_key: 'abc.def' });
    const res = await t.app.inject({ method: 'GET', url: '/api/system/settings' });
    expect(res.body).not.toContain('hunter2-very-secret');
    expect(res.body).not.toContain('abc.def');
    await t.app.ctx.settings.update({ smtp_password: null, license_key: null });
  });
});

describe('custom.css, custom.js and ga-ads', () => {
  it('serve the operator content with the right content types', async () => {
    await t.app.ctx.settings.update({
      custom_css: 'body{color:red}',
      custom_js: 'console.log(1)',
      ads_client_code: '  ca-pub-1234567890123456  ',
    });
    const css = await t.app.inject({ method: 'GET', url: '/api/system/custom.css' });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toBe('body{color:red}');
    const js = await t.app.inject({ method: 'GET', url: '/api/system/custom.js' });
    expect(js.headers['content-type']).toMatch(/^application\/javascript/);
    expect(js.body).toBe('console.log(1)');
    const ads = await t.app.inject({ method: 'GET', url: '/api/system/ga-ads' });
    expect(ads.headers['content-type']).toMatch(/^text\/plain/);
    expect(ads.body).toBe('ca-pub-1234567890123456');
    await t.app.ctx.settings.update({ custom_css: null, custom_js: null, ads_client_code: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/system/ga-ads' })).body).toBe('');
  });
});

describe('platform', () => {
  it('answers unknown /api routes with a JSON 404', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toMatchObject({ success: false, error_code: 'NOT_FOUND' });
    const client = new TestClient(t.app);
    const post = await client.post('/api/nope', {});
    expect(post.statusCode).toBe(404);
    expect(post.json().error_code).toBe('NOT_FOUND');
  });

  it('reports the size of its database', async () => {
    expect(await t.database.size()).toBeGreaterThan(1_000_000);
  });

  it('refuses oversized bodies with 413', async () => {
    const client = new TestClient(t.app);
    const res = await client.post('/api/user/auth/login', { login: 'x', password: 'y'.repeat(2_000_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error_code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('sends security headers with a CSP that allows same-origin scripts only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/system/settings' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
