import { AnnouncementFeedItemSchema } from '@hostdeck/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { announcements, auditLog } from '../../db/schema/index.ts';

let t: TestApp;
let staff: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  staff = await memberWithPermissions(t.app, [
    'admin.announcements.list',
    'admin.announcements.create',
    'admin.announcements.edit',
    'admin.announcements.delete',
  ]);
});
afterAll(() => t.close());

const write = async (body: Record<string, unknown>) => staff.post('/api/admin/announcements', body);
const made = async (body: Record<string, unknown>) => {
  const res = await write({ body: 'Hello', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; updated_at: string; published_at: string };
};
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
/** The ids of a member's feed, in its order. */
const feedIds = async (c: TestClient, query = '') =>
  ((await c.get(`/api/announcements${query}`)).json().data as { id: number }[]).map((a) => a.id);

const hostile = [
  '# Maintenance',
  '<script>alert("x")</script>',
  '<img src=x onerror="alert(1)">',
  '[click](javascript:alert(1)) and ![p](javascript:alert(2))',
  'Plain **bold** text & <b>tags</b>',
].join('\n\n');

describe('announcements (staff)', () => {
  it('are written by staff: the author is the writer, tags are tidied, Markdown is kept exactly as written', async () => {
    const res = await write({
      title: '  Maintenance tonight ',
      body: hostile,
      tags: ['Maintenance', 'maintenance', 'Servers'],
      cover_image: 'https://cdn.example.com/cover.png',
    });
    expect(res.statusCode).toBe(201);
    const item = res.json().data;
    expect(item).toMatchObject({
      title: 'Maintenance tonight',
      body: hostile,
      tags: ['maintenance', 'servers'],
      cover_image: 'https://cdn.example.com/cover.png',
      pinned: false,
      published: true,
      reads: 0,
    });
    expect(item.author).toMatch(/^member_/);
    expect(Object.keys(item).some((k) => /html/i.test(k))).toBe(false);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'announcement.create'), eq(auditLog.targetId, String(item.id))));
    expect(audit).toBeDefined();
  });

  it('refuse cover images that are not http(s), blank bodies, and too many or odd tags, naming the field', async () => {
    for (const cover of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://example.com/a.png', 'cover.png']) {
      const res = await write({ title: 'T', body: 'B', cover_image: cover });
      expect(res.statusCode, cover).toBe(400);
      expect(res.json().fields, cover).toHaveProperty('cover_image');
    }
    expect((await write({ title: 'T', body: '  \n ' })).json().fields).toHaveProperty('body');
    expect(
      (await write({ title: 'T', body: 'B', tags: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] })).json().fields,
    ).toHaveProperty('tags');
    expect((await write({ title: 'T', body: 'B', tags: ['<b>'] })).json().fields).toHaveProperty(['tags.0']);
    expect((await write({ title: 'T', body: 'B', author_id: 'someone' })).statusCode).toBe(400);
  });

  it('are edited with the version they were loaded at, listed newest first, filtered and deleted', async () => {
    const a = await made({ title: 'Edit me', published: false });
    const stale = await staff.patch(`/api/admin/announcements/${a.id}`, {
      title: 'Late',
      updated_at: new Date(0).toISOString(),
    });
    expect(stale.json().error_code).toBe('STALE_RECORD');
    const ok = await staff.patch(`/api/admin/announcements/${a.id}`, {
      title: 'Edited',
      pinned: true,
      published_at: '2030-01-01T00:00:00.000Z',
      updated_at: a.updated_at,
    });
    expect(ok.json().data).toMatchObject({ title: 'Edited', pinned: true, published_at: '2030-01-01T00:00:00.000Z' });
    const drafts = (await staff.get('/api/admin/announcements?published=false&search=edited')).json();
    expect(drafts).toMatchObject({ total: 1, data: [{ id: a.id, published: false }] });
    const list = (await staff.get('/api/admin/announcements?per_page=100')).json().data as { published_at: string }[];
    const times = list.map((x) => x.published_at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await staff.delete(`/api/admin/announcements/${a.id}`)).statusCode).toBe(200);
    expect((await staff.get(`/api/admin/announcements/${a.id}`)).statusCode).toBe(404);
  });
});

describe('announcements (members)', () => {
  it('show published ones only, pinned first then newest, with paging and a tag filter', async () => {
    await t.database.db.delete(announcements);
    const old = await made({ title: 'Old', published_at: ago(60), tags: ['news'] });
    const pinned = await made({ title: 'Pinned', published_at: ago(120), pinned: true });
    const fresh = await made({ title: 'Fresh', published_at: ago(1), tags: ['News', 'events'] });
    await made({ title: 'Draft', published: false });
    await made({ title: 'Scheduled', published_at: new Date(Date.now() + 86_400_000).toISOString() });
    const m = await signedUpMember(t.app);
    expect(await feedIds(m.client)).toEqual([pinned.id, fresh.id, old.id]);
    const first = (await m.client.get('/api/announcements?per_page=2')).json();
    expect(first).toMatchObject({ total: 3, page: 1, per_page: 2, total_pages: 2 });
    expect(first.data.map((a: { id: number }) => a.id)).toEqual([pinned.id, fresh.id]);
    expect(await feedIds(m.client, '?per_page=2&page=2')).toEqual([old.id]);
    expect(await feedIds(m.client, '?tag=NEWS')).toEqual([fresh.id, old.id]);
    expect(await feedIds(m.client, '?tag=events')).toEqual([fresh.id]);
    expect((await m.client.get('/api/announcements?per_page=500')).statusCode).toBe(400);
  });

  it('return Markdown only, never rendered HTML', async () => {
    await t.database.db.delete(announcements);
    await made({ title: 'Hostile', body: hostile });
    const m = await signedUpMember(t.app);
    const res = await m.client.get('/api/announcements');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const [item] = res.json().data;
    expect(item.body).toBe(hostile);
    expect(Object.keys(item).sort()).toEqual(Object.keys(AnnouncementFeedItemSchema.shape).sort());
  });

  it('keep an unread marker per member: read once or twice, read all, and a cheap count for the badge', async () => {
    await t.database.db.delete(announcements);
    const a = await made({ title: 'A' });
    const b = await made({ title: 'B' });
    const draft = await made({ title: 'Draft', published: false });
    const m = await signedUpMember(t.app);
    const other = await signedUpMember(t.app);
    expect((await m.client.get('/api/announcements/unread-count')).json()).toEqual({ success: true, unread: 2 });
    expect((await m.client.post(`/api/announcements/${a.id}/read`)).json()).toEqual({ success: true, unread: 1 });
    expect((await m.client.post(`/api/announcements/${a.id}/read`)).json()).toEqual({ success: true, unread: 1 });
    const feed = (await m.client.get('/api/announcements')).json().data as { id: number; unread: boolean }[];
    expect(Object.fromEntries(feed.map((x) => [x.id, x.unread]))).toEqual({ [a.id]: false, [b.id]: true });
    expect((await other.client.get('/api/announcements/unread-count')).json().unread).toBe(2);

    expect((await m.client.post(`/api/announcements/${draft.id}/read`)).statusCode).toBe(404);
    expect((await m.client.post('/api/announcements/999999/read')).statusCode).toBe(404);

    expect((await m.client.post('/api/announcements/read-all')).json()).toEqual({ success: true, unread: 0 });
    expect((await m.client.post('/api/announcements/read-all')).json().unread).toBe(0);
    await made({ title: 'C' });
    expect((await m.client.get('/api/announcements/unread-count')).json().unread).toBe(1);
    expect((await staff.get(`/api/admin/announcements/${a.id}`)).json().data.reads).toBe(1);
    expect((await staff.get(`/api/admin/announcements/${draft.id}`)).json().data.reads).toBe(0);
  });

  it('are for signed-in members only; members cannot reach the admin routes', async () => {
    const m = await signedUpMember(t.app);
    expect((await m.client.get('/api/admin/announcements')).statusCode).toBe(403);
    expect((await m.client.post('/api/admin/announcements', { title: 'x', body: 'y' })).statusCode).toBe(403);
    const anonymous = (await t.app.inject({ method: 'GET', url: '/api/announcements' })).statusCode;
    expect(anonymous).toBe(401);
  });
});
