import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { department, openTicket, png, postForm } from '../../../test/tickets.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { auditLog, mailOutbox, tickets, users } from '../../db/schema/index.ts';

let t: TestApp;
let admin: TestClient;
let adminId: string;
let dept: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.settings.update({ app_url: 'https://panel.example.com' });
  admin = await memberWithPermissions(t.app, ['admin.root'], 8);
  adminId = (await admin.get('/api/user/session')).json().user_info.uuid;
  dept = await department(admin);
});
afterAll(() => t.close());

/** Ticket mails to one address (sign-up mails to it are other templates). */
const outboxFor = (to: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, 'ticket_reply')))
    .orderBy(desc(mailOutbox.createdAt));
const emailOf = async (id: string) =>
  (await t.database.db.select({ e: users.email }).from(users).where(eq(users.id, id)))[0]!.e;
const audits = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'ticket'), eq(auditLog.targetId, String(id))));

describe('staff replies and notes', () => {
  it('a public reply sets replied and queues the ticket_reply mail; a note does neither and stays hidden', async () => {
    const member = await signedUpMember(t.app);
    const ticket = await openTicket(member.client, dept.id, { subject: 'Lag spikes' });
    const email = await emailOf(member.id);

    const note = await postForm(
      admin,
      `/api/admin/tickets/${ticket.id}/messages`,
      {
        message: 'SECRET-NOTE: looks like the node is overloaded',
        internal: true,
      },
      [{ name: 'graph.png', type: 'image/png', bytes: await png() }],
    );
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().data.status).toBe('open');
    expect(note.json().data.messages.at(-1)).toMatchObject({ internal: true, from_staff: true });
    const noteFile = note.json().data.messages.at(-1).attachments[0];
    expect(await outboxFor(email)).toHaveLength(0);

    const reply = await admin.post(`/api/admin/tickets/${ticket.id}/messages`, { message: 'We moved your server.' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().data).toMatchObject({ status: 'replied', last_reply_by: 'staff' });
    const mails = await outboxFor(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: 'ticket_reply' });
    expect(mails[0]!.status).not.toBe('failed');
    expect(`${mails[0]!.subject} ${mails[0]!.text}`).toContain('Lag spikes');
    expect(mails[0]!.text).toContain('We moved your server.');
    expect(mails[0]!.text).toContain(`https://panel.example.com/ticket/${ticket.id}`);
    expect(mails[0]!.text).not.toContain('SECRET-NOTE');

    // The member sees the public reply, marked as staff, and nothing of the note: not in the
    // ticket, the list or any answer of their own actions, and its file is not theirs to fetch.
    const seen = [
      await member.client.get(`/api/tickets/${ticket.id}`),
      await member.client.get('/api/tickets'),
      await member.client.post(`/api/tickets/${ticket.id}/messages`, { message: 'Thanks' }),
      await member.client.post(`/api/tickets/${ticket.id}/close`),
      await member.client.post(`/api/tickets/${ticket.id}/reopen`),
    ];
    for (const res of seen) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain('SECRET-NOTE');
      expect(res.body).not.toContain('graph.png');
      expect(res.body).not.toContain('"internal"');
    }
    const messages = seen[0]!.json().data.messages;
    expect(messages.map((m: { from_staff: boolean; body: string }) => [m.from_staff, m.body])).toEqual([
      [false, 'It crashes on boot.'],
      [true, 'We moved your server.'],
    ]);
    const denied = await member.client.get(noteFile.url);
    expect(denied.statusCode).toBe(404);
    expect((await admin.get(noteFile.url)).statusCode).toBe(200);

    // A member reply after staff's puts it back to open.
    expect(seen[2]!.json().data).toMatchObject({ status: 'open', last_reply_by: 'member' });

    const actions = (await audits(ticket.id)).map((a) => a.action);
    expect(actions.sort()).toEqual(['ticket.note', 'ticket.reply']);
    expect((await admin.get(`/api/admin/tickets/${ticket.id}`)).json().data.messages).toHaveLength(4);
  });

  it('a staff reply on a closed ticket reopens it as replied', async () => {
    const member = await signedUpMember(t.app);
    const ticket = await openTicket(member.client, dept.id);
    await member.client.post(`/api/tickets/${ticket.id}/close`);
    const res = await admin.post(`/api/admin/tickets/${ticket.id}/messages`, { message: 'Reopening for you' });
    expect(res.json().data).toMatchObject({ status: 'replied', closed_at: null });
  });
});

describe('staff changes', () => {
  it('set status (closed stamps closed_at), priority and assignee, each audited', async () => {
    const member = await signedUpMember(t.app);
    const ticket = await openTicket(member.client, dept.id);
    const url = `/api/admin/tickets/${ticket.id}`;
    for (const status of ['in_progress', 'waiting_on_user', 'open'] as const) {
      const res = await admin.patch(url, { status });
      expect(res.json().data).toMatchObject({ status, closed_at: null });
    }
    const closed = (await admin.patch(url, { status: 'closed', priority: 'urgent' })).json().data;
    expect(closed).toMatchObject({ status: 'closed', priority: 'urgent', closed_at: expect.any(String) });
    expect((await admin.patch(url, { status: 'open' })).json().data.closed_at).toBeNull();
    expect((await admin.patch(url, { status: 'replied' })).statusCode).toBe(400);
    expect((await admin.patch(url, {})).statusCode).toBe(400);

    const assigned = (await admin.patch(url, { assignee_id: adminId })).json().data;
    expect(assigned.assignee).toMatchObject({ id: adminId });
    expect((await admin.patch(url, { assignee_id: null })).json().data.assignee).toBeNull();
    // Only staff who may view tickets: not the member, nor someone unknown.
    for (const id of [member.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await admin.patch(url, { assignee_id: id });
      expect([res.statusCode, res.json().fields?.assignee_id]).toEqual([400, expect.any(String)]);
    }
    const updates = (await audits(ticket.id)).filter((a) => a.action === 'ticket.update');
    expect(updates).toHaveLength(7);
    expect(updates.some((a) => (a.after as { assignee_id: string }).assignee_id === adminId)).toBe(true);
    expect((await admin.patch('/api/admin/tickets/999999', { status: 'open' })).statusCode).toBe(404);
  });

  it('offer admin-role staff who may view tickets as assignees, and the departments', async () => {
    const helper = await memberWithPermissions(t.app, ['admin.tickets.view'], 2);
    const helperName = (await helper.get('/api/user/session')).json().user_info.username;
    const outsider = await memberWithPermissions(t.app, ['admin.users.list'], 3);
    const outsiderName = (await outsider.get('/api/user/session')).json().user_info.username;
    const desk = (await admin.get('/api/admin/tickets/desk')).json();
    const names = desk.assignees.map((s: { username: string }) => s.username);
    expect(desk.departments.map((d: { id: number }) => d.id)).toContain(dept.id);
    expect(names).toContain(helperName);
    expect(names).not.toContain(outsiderName);
  });
});

describe('the staff list', () => {
  it('filters by status, priority, department, assignee and search; sorts by priority', async () => {
    const other = await department(admin);
    const ada = await signedUpMember(t.app);
    const adaName = (await ada.client.get('/api/user/session')).json().user_info.username;
    const a = await openTicket(ada.client, other.id, { subject: 'Kiwi crash', priority: 'low' });
    const b = await openTicket(ada.client, other.id, { subject: 'Mango lag', priority: 'urgent' });
    const c = await openTicket(ada.client, other.id, { subject: 'Papaya billing', priority: 'medium' });
    await admin.patch(`/api/admin/tickets/${b.id}`, { assignee_id: adminId, status: 'in_progress' });
    const ids = async (qs: string) => {
      const res = await admin.get(`/api/admin/tickets?department_id=${other.id}&${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((x: { id: number }) => x.id);
    };
    expect((await ids('sort=-priority')).slice(0, 3)).toEqual([b.id, c.id, a.id]);
    expect(await ids('status=in_progress')).toEqual([b.id]);
    expect(await ids('priority=low')).toEqual([a.id]);
    expect(await ids('assignee=me')).toEqual([b.id]);
    expect(await ids(`assignee=${adminId}`)).toEqual([b.id]);
    expect((await ids('assignee=unassigned')).sort()).toEqual([a.id, c.id].sort());
    expect(await ids('search=papaya')).toEqual([c.id]);
    expect((await ids(`search=${adaName}&sort=subject`)).slice(0, 3)).toEqual([a.id, b.id, c.id]);
    const page = (await admin.get(`/api/admin/tickets?department_id=${other.id}&per_page=2`)).json();
    expect(page).toMatchObject({ total: 3, total_pages: 2, per_page: 2 });
    expect(page.data[0]).toMatchObject({ member: { username: adaName }, department: { id: other.id } });
    expect((await admin.get('/api/admin/tickets?sort=-email')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/tickets?assignee=someone')).statusCode).toBe(400);
    expect(await t.database.db.select().from(tickets).where(eq(tickets.departmentId, other.id))).toHaveLength(3);
  });
});
