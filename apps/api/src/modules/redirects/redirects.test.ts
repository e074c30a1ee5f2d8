import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reservedPathSegments } from '@hostdeck/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { memberWithPermissions } from '../../../test/users.ts';
import { redirectLinks } from '../../db/schema/index.ts';
import { localBus } from '../../lib/bus.ts';
import { RedirectCache } from './redirects.cache.ts';

const INDEX = '<!doctype html><title>spa</title><div id="root"></div>';
let t: TestApp;
let staff: TestClient;
let webDist: string;
beforeAll(async () => {
  // A built client, so that the SPA fallback serves index.html (the client renders its not-found page).
  webDist = mkdtempSync(join(tmpdir(), 'hostdeck-web-'));
  writeFileSync(join(webDist, 'index.html'), INDEX);
  t = await createTestApp({ webDistDir: webDist });
  staff = await memberWithPermissions(t.app, [
    'admin.redirect.links.list',
    'admin.redirect.links.create',
    'admin.redirect.links.edit',
    'admin.redirect.links.delete',
  ]);
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const create = (body: Record<string, unknown>) => staff.post('/api/admin/redirect-links', body);
const visit = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url });
const servesSpa = (res: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.body).toBe(INDEX);
};

describe('redirect links', () => {
  it('send /{name} to its address with a 302, whatever the case, slash or query, and cost no query', async () => {
    const made = await create({ name: 'Discord', url: 'https://discord.gg/hostdeck' });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ name: 'discord', url: 'https://discord.gg/hostdeck' });
    const select = vi.spyOn(t.database.db, 'select');
    const execute = vi.spyOn(t.database.db, 'execute');
    for (const url of ['/discord', '/Discord/', '/discord?from=flyer']) {
      const res = await visit(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe('https://discord.gg/hostdeck');
    }
    expect((await visit('/discord', 'HEAD')).statusCode).toBe(302);
    expect(select).not.toHaveBeenCalled();
    expect(execute).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('leave every other path to the SPA: unknown names, deeper paths and real pages', async () => {
    await create({ name: 'wiki', url: 'https://wiki.example.com' });
    servesSpa(await visit('/no-such-link'));
    servesSpa(await visit('/wiki/page'));
    servesSpa(await visit('/dashboard'));
    // A link stored under a page's name (say, before that page existed) never shadows the page.
    await t.database.db.insert(redirectLinks).values({ name: 'store', url: 'https://evil.example.com' });
    await t.app.ctx.redirects.reload();
    servesSpa(await visit('/store'));
    const api = await visit('/api/wiki');
    expect(api.statusCode).toBe(404);
    expect(api.json().error_code).toBe('NOT_FOUND');
  });

  it('refuse addresses that are not http or https, with the error on the url field', async () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://files.example.com',
      'mailto:a@example.com',
      'file:///etc/passwd',
      '//example.com',
      'not a url',
    ]) {
      const res = await create({ name: 'bad-scheme', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ error_code: 'VALIDATION_ERROR' });
      expect(res.json().fields, url).toHaveProperty('url');
    }
    expect((await create({ name: 'plain-http', url: 'http://example.com/a?b=c' })).statusCode).toBe(201);
  });

  it('refuse names that are routes of the app, and names that are not one lower-case segment', async () => {
    // Every first path segment of the API is reserved too.
    const apiSegments = new Set(t.app.routeTable.map((r) => r.url.split('/')[1] ?? '').filter((s) => s && s !== '*'));
    for (const s of apiSegments) expect(reservedPathSegments, s).toContain(s);
    for (const name of [...reservedPathSegments, 'Dashboard', 'MC-ADMIN']) {
      const res = await create({ name, url: 'https://example.com' });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().fields, name).toHaveProperty('name');
    }
    for (const name of ['a/b', 'a.b', 'a b', '', 'ü', 'x'.repeat(65)]) {
      const res = await create({ name, url: 'https://example.com' });
      expect(res.json().fields, name).toHaveProperty('name');
    }
    await create({ name: 'twice', url: 'https://example.com' });
    expect((await create({ name: 'TWICE', url: 'https://example.org' })).json().error_code).toBe('ALREADY_EXISTS');
  });

  it('follow every change at once: renamed, re-pointed and deleted links', async () => {
    const link = (await create({ name: 'promo', url: 'https://a.example.com' })).json().data;
    expect((await visit('/promo')).headers.location).toBe('https://a.example.com');
    const changed = await staff.patch(`/api/admin/redirect-links/${link.id}`, {
      name: 'promo-2',
      url: 'https://b.example.com',
      updated_at: link.updated_at,
    });
    expect(changed.statusCode).toBe(200);
    servesSpa(await visit('/promo'));
    expect((await visit('/promo-2')).headers.location).toBe('https://b.example.com');
    const bad = await staff.patch(`/api/admin/redirect-links/${link.id}`, {
      url: 'javascript:alert(1)',
      updated_at: changed.json().data.updated_at,
    });
    expect(bad.json().fields).toHaveProperty('url');
    expect((await staff.delete(`/api/admin/redirect-links/${link.id}`)).statusCode).toBe(200);
    servesSpa(await visit('/promo-2'));
  });

  it('tell the other instances over the bus, so each drops its copy', async () => {
    const bus = localBus();
    const here = new RedirectCache(t.database.db, bus);
    const there = new RedirectCache(t.database.db, bus);
    await there.reload();
    await t.database.db.insert(redirectLinks).values({ name: 'fan-out', url: 'https://c.example.com' });
    expect(there.target('fan-out')).toBeNull();
    await here.changed();
    await vi.waitFor(() => expect(there.target('fan-out')).toBe('https://c.example.com'));
    await bus.close();
  });
});
