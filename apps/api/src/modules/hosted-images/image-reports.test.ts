import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { TestClient } from '../../../test/client.ts';
import { postForm } from '../../../test/tickets.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { auditLog, hostedImages, imageReports, users } from '../../db/schema/index.ts';

let t: TestApp;
let staff: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  staff = await memberWithPermissions(t.app, [
    'admin.image.reports.list',
    'admin.image.reports.view',
    'admin.image.reports.edit',
    'admin.image.reports.delete',
    'admin.users.edit',
    'admin.dashboard.view',
    'admin.dashboard.components.support.view',
  ]);
});
afterAll(() => t.close());

async function hosted() {
  const owner = await signedUpMember(t.app);
  const bytes = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const res = await postForm(owner.client, '/api/user/images', {}, [
    { field: 'file', name: 'x.png', type: 'image/png', bytes },
  ]);
  return { owner, id: res.json().data.id as string };
}
/** A visitor from an address of their own (reports are one pending per address or member). */
function visitor(address: string) {
  const c = new TestClient(t.app);
  c.remoteAddress = address;
  return c;
}
const report = (client: TestClient, id: string, body: Record<string, unknown> = { reason: 'spam' }) =>
  client.post(`/api/images/${id}/report`, body);
const reportId = async (imageId: string) =>
  (await t.database.db.select().from(imageReports).where(eq(imageReports.imageId, imageId)))[0]!.id;

describe('reporting', () => {
  it('takes one pending report per address or member and image', async () => {
    const { id } = await hosted();
    const a = visitor('203.0.113.1');
    expect((await report(a, id, { reason: 'nsfw', note: 'not ok' })).statusCode).toBe(201);
    const again = await report(a, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error_code).toBe('IMAGE_REPORT_DUPLICATE');
    expect((await report(visitor('203.0.113.2'), id)).statusCode).toBe(201);
    const m = await signedUpMember(t.app);
    m.client.remoteAddress = '203.0.113.1';
    expect((await report(m.client, id)).statusCode).toBe(201);
    expect((await report(m.client, id)).statusCode).toBe(409);
    const rows = await t.database.db.select().from(imageReports).where(eq(imageReports.imageId, id));
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.reporterId === m.id)).toBeDefined();
    expect(rows.every((r) => !r.reporterIpHash.includes('203.0.113'))).toBe(true);
    expect((await report(a, 'AAAAAAAAAAAA')).statusCode).toBe(404);
  });

  it('asks for the Turnstile token when Turnstile is configured', async () => {
    const { id } = await hosted();
    await t.app.ctx.settings.update({
      turnstile_enabled: true,
      turnstile_site_key: 'site',
      turnstile_secret_key: 'secret',
    });
    try {
      const res = await report(visitor('203.0.113.9'), id);
      expect(res.statusCode).toBe(400);
      expect(res.json().error_code).toBe('TURNSTILE_REQUIRED');
      expect((await visitor('203.0.113.9').get(`/i/${id}`)).body).toContain('class="cf-turnstile" data-sitekey="site"');
    } finally {
      await t.app.ctx.settings.update({
        turnstile_enabled: null,
        turnstile_site_key: null,
        turnstile_secret_key: null,
      });
    }
  });
});

describe('staff review', () => {
  it('lists with filters, shows the detail with earlier reports and the uploader’s record', async () => {
    const { owner, id } = await hosted();
    await report(visitor('198.51.100.1'), id, { reason: 'copyright' });
    await report(visitor('198.51.100.2'), id, { reason: 'spam' });
    const list = await staff.get(`/api/admin/image-reports?image_id=${id}&status=pending&reason=copyright`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, data: [{ image_id: id, reason: 'copyright', image_exists: true }] });
    expect(list.json().data[0].uploader.uuid).toBe(owner.id);
    expect(list.json().data[0].reporter).toBeNull();
    const detail = await staff.get(`/api/admin/image-reports/${list.json().data[0].id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().earlier_reports).toHaveLength(1);
    expect(detail.json().uploader_stats).toEqual({ images: 1, reports: 2, removed: 0, banned: false });
    const dashboard = await staff.get('/api/admin/dashboard/support');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().data.pending_image_reports).toBeGreaterThanOrEqual(2);
  });

  it('edits status and notes against the loaded version, audited', async () => {
    const { id } = await hosted();
    await report(visitor('198.51.100.3'), id);
    const rid = await reportId(id);
    const loaded = (await staff.get(`/api/admin/image-reports/${rid}`)).json().data;
    const res = await staff.patch(`/api/admin/image-reports/${rid}`, {
      status: 'reviewed',
      staff_notes: 'Looked at it',
      updated_at: loaded.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'reviewed', staff_notes: 'Looked at it' });
    expect(res.json().data.handled_by).not.toBeNull();
    const stale = await staff.patch(`/api/admin/image-reports/${rid}`, {
      status: 'pending',
      updated_at: loaded.updated_at,
    });
    expect(stale.json().error_code).toBe('STALE_RECORD');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'image_report'), eq(auditLog.targetId, String(rid))));
    expect(audit.map((a) => a.action)).toEqual(['image_report.update']);
  });

  it('removes the image and its files, resolving every pending report of it; the link then answers 404', async () => {
    const { id } = await hosted();
    await report(visitor('198.51.100.4'), id);
    await report(visitor('198.51.100.5'), id);
    const [row] = await t.database.db.select().from(hostedImages).where(eq(hostedImages.id, id));
    const rid = await reportId(id);
    const res = await staff.post(`/api/admin/image-reports/${rid}/actions`, { action: 'remove_image', note: 'Gone' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'resolved', image_exists: false, image: null });
    const reports = await t.database.db.select().from(imageReports).where(eq(imageReports.imageId, id));
    expect(reports.map((r) => r.status)).toEqual(['resolved', 'resolved']);
    expect(await t.app.ctx.media.get(row!.storageKey)).toBeNull();
    expect(await t.app.ctx.media.get(row!.thumbKey)).toBeNull();
    expect((await visitor('198.51.100.6').get(`/i/${id}`)).statusCode).toBe(404);
    expect((await visitor('198.51.100.6').get(`/i/${id}.png`)).statusCode).toBe(404);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(rid)));
    expect(audit.map((a) => a.action)).toContain('image_report.remove_image');
    // Handled reports keep their outcome: the other report of the image cannot be "dismissed" now.
    const other = reports.find((r) => r.id !== rid)!;
    for (const [target, action] of [
      [other.id, 'dismiss'],
      [rid, 'remove_image'],
    ] as const) {
      const again = await staff.post(`/api/admin/image-reports/${target}/actions`, { action });
      expect(again.statusCode).toBe(409);
      expect(again.json().error_code).toBe('IMAGE_REPORT_HANDLED');
    }
    const after = await t.database.db.select().from(imageReports).where(eq(imageReports.imageId, id));
    expect(after.map((r) => r.status)).toEqual(['resolved', 'resolved']);
  });

  it('dismisses, and bans the uploader only with the users’ ban permission too', async () => {
    const { owner, id } = await hosted();
    await report(visitor('198.51.100.7'), id);
    const rid = await reportId(id);
    const dismissed = await staff.post(`/api/admin/image-reports/${rid}/actions`, { action: 'dismiss' });
    expect(dismissed.json().data.status).toBe('dismissed');

    const noBan = await memberWithPermissions(t.app, ['admin.image.reports.edit', 'admin.image.reports.view']);
    const refused = await noBan.post(`/api/admin/image-reports/${rid}/actions`, { action: 'ban_uploader' });
    expect(refused.statusCode).toBe(403);
    expect((await t.database.db.select().from(users).where(eq(users.id, owner.id)))[0]!.banned).toBe(false);

    const banned = await staff.post(`/api/admin/image-reports/${rid}/actions`, {
      action: 'ban_uploader',
      note: 'Repeat',
    });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(banned.json().data.status).toBe('resolved');
    expect((await t.database.db.select().from(users).where(eq(users.id, owner.id)))[0]!.banned).toBe(true);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(rid)));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['image_report.dismiss', 'image_report.ban_uploader']),
    );
    const userAudit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, owner.id)));
    expect(userAudit.map((a) => a.action)).toContain('user.ban');

    const del = await staff.delete(`/api/admin/image-reports/${rid}`);
    expect(del.statusCode).toBe(200);
    expect(await t.database.db.select().from(imageReports).where(eq(imageReports.id, rid))).toEqual([]);
  });

  it('closes each route without its own permission', async () => {
    const { id } = await hosted();
    await report(visitor('198.51.100.8'), id);
    const rid = await reportId(id);
    const routes = [
      // The list page is behind the view permission (specification §2), and so is its call.
      ['admin.image.reports.view', () => ({ method: 'GET', url: '/api/admin/image-reports' })],
      ['admin.image.reports.view', () => ({ method: 'GET', url: `/api/admin/image-reports/${rid}` })],
      [
        'admin.image.reports.edit',
        () => ({
          method: 'PATCH',
          url: `/api/admin/image-reports/${rid}`,
          payload: { status: 'reviewed', updated_at: new Date().toISOString() },
        }),
      ],
      [
        'admin.image.reports.edit',
        () => ({ method: 'POST', url: `/api/admin/image-reports/${rid}/actions`, payload: { action: 'dismiss' } }),
      ],
      ['admin.image.reports.delete', () => ({ method: 'DELETE', url: `/api/admin/image-reports/${rid}` })],
    ] as const;
    const all = [
      'admin.image.reports.list',
      'admin.image.reports.view',
      'admin.image.reports.edit',
      'admin.image.reports.delete',
    ];
    for (const [permission, request] of routes) {
      const without = await memberWithPermissions(
        t.app,
        all.filter((p) => p !== permission),
      );
      const res = await without.request(request() as never);
      expect(res.statusCode, `${permission}: ${res.body}`).toBe(403);
      expect(res.json().error_code).toBe('FORBIDDEN');
    }
    expect((await t.database.db.select().from(imageReports).where(eq(imageReports.id, rid)))[0]!.status).toBe(
      'pending',
    );
  });
});

describe('rate limit', () => {
  it('limits reports per address', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 3 });
    try {
      // An image row is enough to report (the limit is checked before anything else).
      await limited.database.db.insert(hostedImages).values({
        id: 'BBBBBBBBBBBB',
        name: 'x',
        contentType: 'image/png',
        extension: 'png',
        width: 1,
        height: 1,
        size: 1,
        storageKey: 'hosted/aaaaaaaaaaaaaaaaaaaaaaaa.png',
        thumbKey: 'hosted/thumbs/aaaaaaaaaaaaaaaaaaaaaaaa.webp',
      });
      const c = new TestClient(limited.app);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push((await c.post('/api/images/BBBBBBBBBBBB/report', { reason: 'spam' })).statusCode);
      expect(codes).toEqual([201, 409, 409, 429]);
    } finally {
      await limited.close();
    }
  });
});
