import { generateKeyPairSync } from 'node:crypto';
import { DASHBOARD_PERMISSIONS, permissionValues } from '@hostdeck/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { department, openTicket } from '../../../test/tickets.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { issueLicense } from '../../cli.ts';
import { tickets, users } from '../../db/schema/index.ts';

let t: TestApp;
let root: TestClient;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'info' });
  root = await memberWithPermissions(t.app, ['admin.root'], 8);
});
afterAll(() => t.close());

const widgets = {
  overview: DASHBOARD_PERMISSIONS.overview,
  updates: DASHBOARD_PERMISSIONS.updates,
  logs: DASHBOARD_PERMISSIONS.logs,
  analytics: DASHBOARD_PERMISSIONS.analytics,
  support: DASHBOARD_PERMISSIONS.support,
  premium: DASHBOARD_PERMISSIONS.premium,
  repository: DASHBOARD_PERMISSIONS.repository,
};

describe('dashboard widgets', () => {
  it('each widget answers only with its own permission (admin.root sees all)', async () => {
    const dashboardOnly = await memberWithPermissions(t.app, ['admin.dashboard.view']);
    for (const [path, permission] of Object.entries(widgets)) {
      const url = `/api/admin/dashboard/${path}`;
      expect((await dashboardOnly.get(url)).statusCode, url).toBe(403);
      const holder = await memberWithPermissions(t.app, ['admin.dashboard.view', permission]);
      expect((await holder.get(url)).statusCode, url).toBe(200);
      expect((await root.get(url)).statusCode, url).toBe(200);
    }
    // A role holding every permission except the logs one gets no log lines from the API.
    const allButLogs = await memberWithPermissions(
      t.app,
      permissionValues.filter((p) => p !== DASHBOARD_PERMISSIONS.logs && p !== 'admin.root'),
    );
    const refused = await allButLogs.get('/api/admin/dashboard/logs');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error_code).toBe('FORBIDDEN');
  });

  it('overview counts members, servers, queued requests and open tickets, and names the database', async () => {
    const res = await root.get('/api/admin/dashboard/overview');
    const data = res.json().data;
    const [members] = await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(data.counts.members).toBe(members!.n);
    expect(data.version).toBe('0.1.0');
    expect(data.database.kind).toBe(t.database.kind);
    expect(data.database.size_bytes).toBeGreaterThan(0);
    expect(data.uptime_seconds).toBeGreaterThanOrEqual(0);
  });

  it('updates show the version and the changelog shipped with the build', async () => {
    const r = await root.get('/api/admin/dashboard/updates');
    const data = r.json().data;
    expect(data.version).toBe('0.1.0');
    expect(data.changelog).toContain('# Changelog');
    expect(data.changelog).toContain('## 0.1.0');
  });

  it('support counts open tickets by priority (closed ones are not counted)', async () => {
    const before = (await root.get('/api/admin/dashboard/support')).json().data;
    const { client } = await signedUpMember(t.app);
    const dept = await department(root);
    await openTicket(client, dept.id, { priority: 'urgent' });
    const closed = await openTicket(client, dept.id, { priority: 'urgent' });
    await t.app.ctx.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, closed.id));
    const after = (await root.get('/api/admin/dashboard/support')).json().data;
    expect(after.by_priority.urgent).toBe(before.by_priority.urgent + 1);
    expect(after.open_total).toBe(before.open_total + 1);
  });

  it('logs: recent lines newest first, filtered by level, secrets redacted', async () => {
    t.app.log.info('an info line');
    t.app.log.warn({ password: 'hunter2-secret' }, 'a warning');
    t.app.log.error({ err: new Error('boom') }, 'an error line');
    const all = (await root.get('/api/admin/dashboard/logs?level=info&limit=500')).json().data;
    const messages = all.map((l: { message: string }) => l.message);
    expect(messages).toEqual(expect.arrayContaining(['an info line', 'a warning', 'an error line']));
    expect(messages.indexOf('an error line')).toBeLessThan(messages.indexOf('an info line'));

    const warn = (await root.get('/api/admin/dashboard/logs?level=warn')).json().data;
    expect(
      warn.map((l: { level: string }) => l.level).every((l: string) => ['warn', 'error', 'fatal'].includes(l)),
    ).toBe(true);
    expect(warn.map((l: { message: string }) => l.message)).toEqual(
      expect.arrayContaining(['a warning', 'an error line']),
    );
    expect(warn.map((l: { message: string }) => l.message)).not.toContain('an info line');
    const errors = (await root.get('/api/admin/dashboard/logs?level=error')).json().data;
    expect(errors.map((l: { message: string }) => l.message)).not.toContain('a warning');
    expect(JSON.stringify(all)).not.toContain('hunter2-secret');

    expect((await root.get('/api/admin/dashboard/logs?level=loud')).statusCode).toBe(400);
  });

  it("logs: a failing request's error line is still listed after a flood of info and warning lines", async () => {
    const spy = vi.spyOn(t.app.ctx.redirects, 'target').mockImplementationOnce(() => {
      throw new Error('planted failure');
    });
    const failed = await root.get('/a-page-that-fails');
    spy.mockRestore();
    expect(failed.statusCode).toBe(500);
    for (let i = 0; i < 600; i++) t.app.log.info({ i }, 'routine line');
    for (let i = 0; i < 600; i++) t.app.log.warn({ i }, 'routine warning');
    const errors = (await root.get('/api/admin/dashboard/logs?level=error&limit=500')).json().data;
    expect(errors.find((l: { message: string }) => l.message === 'request failed')?.context).toMatchObject({
      err: { message: 'planted failure' },
    });
  });

  it('premium edition: no key, then a key that does not verify', async () => {
    expect((await root.get('/api/admin/dashboard/premium')).json().data).toMatchObject({
      state: 'none',
      features: [{ key: 'theme-customization', unlocked: false }],
    });
    await t.app.ctx.settings.update({ license_key: 'bm90LXNpZ25lZA.c2ln' });
    expect((await root.get('/api/admin/dashboard/premium')).json().data.state).toBe('invalid');
  });

  it('premium edition: a valid key names its holder and unlocks its features; an expired one unlocks nothing', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const pub = publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');
    const priv = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const valid = issueLicense(priv, { licensee: 'Acme', features: ['theme-customization'] });
    await t.app.ctx.settings.update({ license_key: valid, license_public_key: pub });
    expect((await root.get('/api/admin/dashboard/premium')).json().data).toEqual({
      state: 'valid',
      licensee: 'Acme',
      expires_at: null,
      features: [{ key: 'theme-customization', unlocked: true }],
    });
    const expired = issueLicense(priv, {
      licensee: 'Acme',
      features: ['theme-customization'],
      expires_at: '2020-01-01T00:00:00Z',
    });
    await t.app.ctx.settings.update({ license_key: expired });
    expect((await root.get('/api/admin/dashboard/premium')).json().data).toMatchObject({
      state: 'expired',
      licensee: 'Acme',
      features: [{ key: 'theme-customization', unlocked: false }],
    });
  });

  it('repository lists the project links', async () => {
    const links = (await root.get('/api/admin/dashboard/repository')).json().data.links;
    expect(links).toEqual(expect.arrayContaining([{ key: 'api_docs', url: '/api/docs' }]));
  });
});
