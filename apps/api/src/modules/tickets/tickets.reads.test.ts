import type { NotifyMessage } from '@hostdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { cookieHeader, openSocket } from '../../../test/sockets.ts';
import { department, openTicket, setSettings } from '../../../test/tickets.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { ticketMessages } from '../../db/schema/index.ts';

let t: TestApp;
let admin: TestClient;
let dept: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await memberWithPermissions(t.app, ['admin.root'], 8);
  dept = await department(admin);
});
afterAll(() => t.close());

const staffSays = (id: number, message: string, internal = false) =>
  admin.post(`/api/admin/tickets/${id}/messages`, { message, internal });
const unread = async (client: TestClient) => {
  const res = await client.get('/api/tickets/unread');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('unread staff replies', () => {
  it('a staff reply makes the ticket unread, with its count and time; opening it clears it', async () => {
    const { client } = await signedUpMember(t.app);
    const ticket = await openTicket(client, dept.id, { subject: 'Lag spikes' });
    expect(await unread(client)).toEqual({ success: true, data: [], unread: 0 });

    await staffSays(ticket.id, 'Looking into it');
    const reply = (await staffSays(ticket.id, 'Fixed, please check')).json().data;
    const after = await unread(client);
    expect(after).toMatchObject({ unread: 2, data: [{ id: ticket.id, subject: 'Lag spikes', count: 2 }] });
    expect(after.data[0].last_reply_at).toBe(reply.messages.at(-1).created_at);

    expect((await client.get(`/api/tickets/${ticket.id}`)).statusCode).toBe(200);
    expect(await unread(client)).toMatchObject({ unread: 0, data: [] });
    // The member's own reply is never unread for them.
    await client.post(`/api/tickets/${ticket.id}/messages`, { message: 'Thanks' });
    expect((await unread(client)).unread).toBe(0);
  });

  it('a reply committed while the member was reading stays unread: opening marks up to what was shown', async () => {
    const { client } = await signedUpMember(t.app);
    const ticket = await openTicket(client, dept.id, { subject: 'Race' });
    const shown = (await client.get(`/api/tickets/${ticket.id}`)).json().data;
    // A staff reply whose transaction began before the member's page was read (its created_at is
    // the transaction's start) but committed after it: the member was never sent it.
    const newestShown = new Date(shown.messages.at(-1).created_at).getTime();
    await t.database.db.insert(ticketMessages).values({
      ticketId: ticket.id,
      authorId: (await admin.get('/api/user/session')).json().user_info.uuid,
      fromStaff: true,
      body: 'Sent while you were reading',
      createdAt: new Date(newestShown + 2),
    });
    expect((await unread(client)).unread).toBe(1);
  });

  it('internal notes never count', async () => {
    const { client } = await signedUpMember(t.app);
    const ticket = await openTicket(client, dept.id);
    expect((await staffSays(ticket.id, 'Staff only: suspicious', true)).statusCode).toBe(200);
    expect((await unread(client)).unread).toBe(0);
  });

  it('mark one read, or all; only the owner: another member gets 404 and changes nothing', async () => {
    const { client } = await signedUpMember(t.app);
    const other = await signedUpMember(t.app);
    const a = await openTicket(client, dept.id, { subject: 'First' });
    const b = await openTicket(client, dept.id, { subject: 'Second' });
    await staffSays(a.id, 'Answer A');
    await staffSays(b.id, 'Answer B');
    expect((await unread(client)).data.map((r: { subject: string }) => r.subject)).toEqual(['Second', 'First']);

    for (const path of [`/api/tickets/${a.id}/read`, `/api/tickets/${a.id}`]) {
      const res = path.endsWith('/read') ? await other.client.post(path) : await other.client.get(path);
      expect(res.statusCode).toBe(404);
      expect(res.json().error_code).toBe('NOT_FOUND');
    }
    expect((await other.client.post('/api/tickets/read-all')).json()).toEqual({ success: true, unread: 0 });
    expect((await unread(other.client)).data).toEqual([]);
    expect((await unread(client)).unread).toBe(2);

    expect((await client.post(`/api/tickets/${a.id}/read`)).json()).toEqual({ success: true, unread: 1 });
    expect((await unread(client)).data).toMatchObject([{ id: b.id, count: 1 }]);
    await staffSays(a.id, 'One more thing');
    expect((await unread(client)).unread).toBe(2);
    expect((await client.post('/api/tickets/read-all')).json()).toEqual({ success: true, unread: 0 });
    expect((await unread(client)).data).toEqual([]);
  });

  it('with tickets switched off the list is empty and marking is refused', async () => {
    const { client } = await signedUpMember(t.app);
    const ticket = await openTicket(client, dept.id);
    await staffSays(ticket.id, 'Hello');
    await setSettings(t.app, { allow_tickets: false });
    try {
      expect(await unread(client)).toEqual({ success: true, data: [], unread: 0 });
      expect((await client.post('/api/tickets/read-all')).json().error_code).toBe('FEATURE_DISABLED');
    } finally {
      await setSettings(t.app, { allow_tickets: true });
    }
    expect((await unread(client)).unread).toBe(1);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tickets/unread' });
    expect(res.statusCode).toBe(401);
  });
});

describe('the notifications socket', () => {
  async function listen(client: TestClient, origin?: string) {
    const socket = await openSocket<NotifyMessage>(t.app, '/api/notifications/ws', cookieHeader(client), origin);
    const until = async (check: () => boolean) => {
      await socket.wait(check);
      expect(check()).toBe(true);
    };
    return { ...socket, until };
  }

  it("tells the ticket's member (only) of a staff reply, never of a note, and everyone of an announcement", async () => {
    const member = await signedUpMember(t.app);
    const bystander = await signedUpMember(t.app);
    const mine = await listen(member.client);
    const theirs = await listen(bystander.client, 'http://localhost');
    await mine.until(() => mine.messages.length === 1 && theirs.messages.length === 1);
    const ticket = await openTicket(member.client, dept.id);

    await staffSays(ticket.id, 'A note', true);
    await staffSays(ticket.id, 'A reply');
    await mine.until(() => mine.messages.length === 2);
    expect(mine.messages).toEqual([{ type: 'ready' }, { type: 'notify', kind: 'ticket' }]);

    const res = await admin.post('/api/admin/announcements', {
      title: 'Maintenance',
      body: 'Tonight',
      published: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    await theirs.until(() => theirs.messages.length === 2);
    expect(theirs.messages).toEqual([{ type: 'ready' }, { type: 'notify', kind: 'announcement' }]);
    await mine.until(() => mine.messages.length === 3);
    expect(mine.messages[2]).toEqual({ type: 'notify', kind: 'announcement' });
    mine.ws.close();
    theirs.ws.close();
  });

  it('is closed for another site and refused without a session', async () => {
    const member = await signedUpMember(t.app);
    const evil = await listen(member.client, 'https://evil.example');
    await evil.until(() => evil.closed() !== undefined);
    expect(evil.closed()).toBe(1008);
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications/ws' });
    expect(res.statusCode).toBe(401);
  });
});
