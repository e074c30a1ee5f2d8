import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DASHBOARD_PERMISSIONS } from '@hostdeck/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { memberWithPermissions } from '../../../test/users.ts';
import { webVitalBuckets } from '../../db/schema/index.ts';
import { bucketOf, p75 } from './web-vitals.histogram.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // A built client (index.html only) so the SPA's HTML responses can be checked for their CSP.
  webDist = mkdtempSync(join(tmpdir(), 'hostdeck-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>spa</title><div id="root"></div>');
  t = await createTestApp({ webDistDir: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.app.ctx.database.db.delete(webVitalBuckets);
  await t.app.ctx.settings.update({ web_vitals_collect: true });
});

let address = 0;
const nextAddress = () => `10.77.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
/** A beacon as the browser sends it: JSON in text/plain, no CSRF header, same-origin Fetch Metadata. */
const beacon = (body: unknown, headers: Record<string, string> = {}, remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/system/web-vitals',
    // Each call from an address of its own unless told, so one test's rate limit does not reach another.
    remoteAddress,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
  });
const sample = (name: string, value: number, path = '/dashboard') => ({ name, value, rating: 'good', path });

describe('POST /api/system/web-vitals', () => {
  it('accepts a same-origin beacon (204) and shows it in the p75 per day', async () => {
    const res = await beacon(sample('LCP', 1234));
    expect(res.statusCode).toBe(204);
    const admin = await memberWithPermissions(t.app, ['admin.dashboard.view', DASHBOARD_PERMISSIONS.analytics]);
    const widget = await admin.get('/api/admin/dashboard/web-vitals');
    expect(widget.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const day = widget.json().data.at(-1);
    expect(day.day).toBe(today);
    expect(day.samples).toEqual({ LCP: 1 });
    expect(Math.abs(day.p75.LCP - 1234) / 1234).toBeLessThan(0.01);
  });

  it('refuses beacons while collection is off, and stores nothing', async () => {
    await t.app.ctx.settings.update({ web_vitals_collect: null });
    const res = await beacon(sample('FCP', 900));
    expect(res.statusCode).toBe(403);
    expect(res.json().error_code).toBe('FEATURE_DISABLED');
    expect(await t.app.ctx.database.db.select().from(webVitalBuckets)).toEqual([]);
  });

  it('refuses cross-site and foreign-origin beacons', async () => {
    const crossSite = await beacon(sample('FCP', 900), { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error_code).toBe('CSRF_INVALID');
    const sameSite = await beacon(sample('FCP', 900), { 'sec-fetch-site': 'same-site' });
    expect(sameSite.statusCode).toBe(403);
    // An older browser without Fetch Metadata: the Origin decides.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/system/web-vitals',
      payload: JSON.stringify(sample('FCP', 900)),
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/system/web-vitals',
      payload: JSON.stringify(sample('FCP', 900)),
      headers: {
        'content-type': 'text/plain',
        origin: 'http://localhost:3000',
        host: 'localhost:3000',
      },
    });
    expect(own.statusCode).toBe(204);
  });

  it('refuses malformed bodies', async () => {
    const cases: unknown[] = [
      'not json',
      sample('FID', 10),
      sample('LCP', -1),
      sample('LCP', 60_001),
      sample('CLS', 11),
      { ...sample('LCP', 100), rating: 'great' },
      sample('LCP', 100, '/dashboard?token=secret'),
      sample('LCP', 100, `/${'a'.repeat(200)}`),
      { name: 'LCP', value: '100', rating: 'good', path: '/' },
    ];
    for (const body of cases) {
      const res = await beacon(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.app.ctx.database.db.select().from(webVitalBuckets)).toEqual([]);
  });

  it('limits beacons per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await beacon(sample('TTFB', 100 + i), {}, '10.79.0.1')).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 204)).toBe(true);
    expect(codes[60]).toBe(429);
    // Another address is not affected.
    expect((await beacon(sample('TTFB', 100))).statusCode).toBe(204);
  });
});

describe('p75 from the histogram', () => {
  it('is the nearest-rank 75th percentile of known samples, within 1 %', () => {
    const values = [120, 340, 560, 800, 950, 1100, 1500, 2600, 3900, 7000, 15, 0.5];
    const counts = new Map<number, number>();
    for (const v of values) counts.set(bucketOf('LCP', v), (counts.get(bucketOf('LCP', v)) ?? 0) + 1);
    const buckets = [...counts].map(([bucket, count]) => ({ bucket, count }));
    // Sorted: 0.5 15 120 340 560 800 950 1100 1500 2600 3900 7000; rank ceil(0.75·12) = 9 → 1500.
    const got = p75('LCP', buckets)!;
    expect(Math.abs(got - 1500) / 1500).toBeLessThan(0.01);
    expect(p75('LCP', [])).toBeUndefined();
    // CLS, without a unit: 0.01 ×3 and 0.3 → rank 3 → 0.01.
    const cls = p75('CLS', [
      { bucket: bucketOf('CLS', 0.01), count: 3 },
      { bucket: bucketOf('CLS', 0.3), count: 1 },
    ])!;
    expect(Math.abs(cls - 0.01) / 0.01).toBeLessThan(0.01);
  });

  it('is computed per metric and day from stored beacons', async () => {
    for (const v of [100, 200, 300, 400]) expect((await beacon(sample('INP', v))).statusCode).toBe(204);
    for (const v of [0.05, 0.2]) expect((await beacon(sample('CLS', v))).statusCode).toBe(204);
    const admin = await memberWithPermissions(t.app, ['admin.dashboard.view', DASHBOARD_PERMISSIONS.analytics]);
    const day = (await admin.get('/api/admin/dashboard/web-vitals')).json().data.at(-1);
    expect(day.samples).toEqual({ INP: 4, CLS: 2 });
    expect(Math.abs(day.p75.INP - 300) / 300).toBeLessThan(0.01);
    expect(Math.abs(day.p75.CLS - 0.2) / 0.2).toBeLessThan(0.01);
  });

  it('the widget needs the analytics widget permission', async () => {
    const dashboardOnly = await memberWithPermissions(t.app, ['admin.dashboard.view']);
    expect((await dashboardOnly.get('/api/admin/dashboard/web-vitals')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard/web-vitals' })).statusCode).toBe(401);
  });
});

describe('advertising', () => {
  it('validates the client code when saved and serves it from ga-ads', async () => {
    await expect(t.app.ctx.settings.update({ ads_client_code: 'ca-pub-12x' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(t.app.ctx.settings.update({ ads_client_code: '"><script>' })).rejects.toBeTruthy();
    await t.app.ctx.settings.update({ ads_client_code: 'ca-pub-1234567890123456' });
    expect((await t.app.inject({ method: 'GET', url: '/api/system/ga-ads' })).body).toBe('ca-pub-1234567890123456');
    await t.app.ctx.settings.update({ ads_client_code: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/system/ga-ads' })).body).toBe('');
  });
});

describe('content security policy', () => {
  const csp = async (url: string) =>
    String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
  const adHosts = ['https://pagead2.googlesyndication.com', 'https://googleads.g.doubleclick.net'];

  it("allows the ad hosts on the SPA's HTML only while a client code is set, never on the API", async () => {
    for (const host of adHosts) expect(await csp('/dashboard')).not.toContain(host);
    await t.app.ctx.settings.update({ ads_client_code: 'ca-pub-1234567890123456' });
    const html = await csp('/dashboard');
    const scriptSrc = html.split(';').find((d) => d.trim().startsWith('script-src'));
    const frameSrc = html.split(';').find((d) => d.trim().startsWith('frame-src'));
    const connectSrc = html.split(';').find((d) => d.trim().startsWith('connect-src'));
    for (const host of adHosts) {
      expect(scriptSrc).toContain(host);
      expect(frameSrc).toContain(host);
      expect(connectSrc).toContain(host);
    }
    expect(await csp('/api/system/settings')).not.toContain('googlesyndication');
    await t.app.ctx.settings.update({ ads_client_code: null });
    expect(await csp('/dashboard')).not.toContain('googlesyndication');
  });
});
