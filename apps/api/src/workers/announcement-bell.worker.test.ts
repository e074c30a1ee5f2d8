import type { NotifyMessage } from '@hostdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/client.ts';
import { testConfig } from '../../test/config.ts';
import { cookieHeader, openSocket } from '../../test/sockets.ts';
import { memberWithPermissions, signedUpMember } from '../../test/users.ts';
import { type BuiltApp, buildApp } from '../app.ts';

const HOUR = 3_600_000;
let t: TestApp;
/** A second instance on the same database and bus, as in a deployment of two. */
let other: BuiltApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp(testConfig(), { database: t.database, bus: t.app.ctx.bus, logger: false });
  admin = await memberWithPermissions(t.app, ['admin.root'], 8);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/** A member's bell socket, with its announcement messages counted. */
async function bell() {
  const member = await signedUpMember(t.app);
  const socket = await openSocket<NotifyMessage>(t.app, '/api/notifications/ws', cookieHeader(member.client));
  await socket.wait(() => socket.messages.length === 1);
  const rings = () => socket.messages.filter((m) => m.type === 'notify' && m.kind === 'announcement').length;
  return { ...socket, rings };
}

const post = async (body: Record<string, unknown>) => {
  const res = await admin.post('/api/admin/announcements', { title: 'News', body: 'Text', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; published_at: string };
};
/** An edit as the admin form sends it: with the version it was read at. */
const edit = async (id: number, body: Record<string, unknown>) => {
  const { updated_at } = (await admin.get(`/api/admin/announcements/${id}`)).json().data;
  const res = await admin.patch(`/api/admin/announcements/${id}`, { ...body, updated_at });
  expect(res.statusCode, res.body).toBe(200);
};

describe('the announcement bell', () => {
  it('rings once when a scheduled announcement comes due, not when it is saved, and not again', async () => {
    const socket = await bell();
    const later = Date.now() + HOUR;
    await post({ published: true, published_at: new Date(later).toISOString() });
    expect(await t.app.ctx.announcementBell.runOnce(Date.now())).toBe(0);

    // Due: claimed by exactly one of two instances passing at the same moment.
    const passes = await Promise.all([
      t.app.ctx.announcementBell.runOnce(later + 1000),
      other.ctx.announcementBell.runOnce(later + 1000),
    ]);
    expect(passes.reduce((a, b) => a + b)).toBe(1);
    await socket.wait(() => socket.rings() === 1);
    expect(socket.rings()).toBe(1);
    expect(await t.app.ctx.announcementBell.runOnce(later + 2000)).toBe(0);
    socket.ws.close();
  });

  it('rings at once on publication; an edit does not ring again; a draft made public again does', async () => {
    const socket = await bell();
    const { id } = await post({ published: true });
    await socket.wait(() => socket.rings() === 1);
    expect(socket.rings()).toBe(1);

    await edit(id, { title: 'News, corrected' });
    await edit(id, { published: false });
    await edit(id, { published: true });
    await socket.wait(() => socket.rings() === 2);
    expect(socket.rings()).toBe(2);
    // Nothing more was waiting: a later pass announces nothing.
    expect(await t.app.ctx.announcementBell.runOnce()).toBe(0);
    expect(socket.rings()).toBe(2);
    socket.ws.close();
  });

  it('a draft never rings, however old its date', async () => {
    await post({ published: false, published_at: new Date(Date.now() - HOUR).toISOString() });
    expect(await t.app.ctx.announcementBell.runOnce(Date.now() + HOUR)).toBe(0);
  });
});
