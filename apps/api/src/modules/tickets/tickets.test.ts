import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { department, openTicket, postForm, setSettings } from '../../../test/tickets.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { servers, tickets } from '../../db/schema/index.ts';

let t: TestApp;
let admin: TestClient;
let dept: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await memberWithPermissions(t.app, ['admin.root'], 8);
  dept = await department(admin);
});
afterAll(() => t.close());

const statusOf = async (id: number) =>
  (await t.database.db.select({ s: tickets.status }).from(tickets).where(eq(tickets.id, id)))[0]?.s;

describe('member tickets', () => {
  it('open a ticket as open, list it with its last reply, and show the conversation', async () => {
    const { client } = await signedUpMember(t.app);
    const res = await client.post('/api/tickets', {
      department_id: dept.id,
      subject: '  Billing question  ',
      priority: 'urgent',
      message: 'Why was I charged twice?',
    });
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json().data;
    expect(ticket).toMatchObject({
      subject: 'Billing question',
      status: 'open',
      priority: 'urgent',
      department: { id: dept.id },
      last_reply_by: 'member',
      closed_at: null,
      server: null,
    });
    expect(ticket.messages).toEqual([
      expect.objectContaining({ body: 'Why was I charged twice?', from_staff: false, attachments: [] }),
    ]);
    expect(ticket.messages[0]).not.toHaveProperty('internal');

    const list = (await client.get('/api/tickets')).json();
    expect(list).toMatchObject({ total: 1, open: 1, max_open: 3 });
    expect(list.data[0]).toMatchObject({ id: ticket.id, status: 'open', last_reply_at: ticket.last_reply_at });
    expect((await client.get(`/api/tickets/${ticket.id}`)).json().data.messages).toHaveLength(1);
    expect((await client.get('/api/tickets?status=closed')).json().total).toBe(0);
  });

  it('accept the same form as multipart/form-data', async () => {
    const { client } = await signedUpMember(t.app);
    const res = await postForm(client, '/api/tickets', {
      department_id: dept.id,
      subject: 'Sent as a form',
      priority: 'low',
      message: 'Hello',
      server_id: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ subject: 'Sent as a form', priority: 'low', server: null });
  });

  it('validate the fields, the department and the linked server', async () => {
    const { client, id } = await signedUpMember(t.app);
    const bad = await client.post('/api/tickets', {
      department_id: dept.id,
      subject: 'x',
      message: '',
      priority: 'asap',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['message', 'priority', 'subject']);

    const off = await department(admin, { enabled: false });
    for (const departmentId of [off.id, 999_999]) {
      const res = await client.post('/api/tickets', { department_id: departmentId, subject: 'Help me', message: 'Hi' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error_code: 'DEPARTMENT_UNAVAILABLE',
        fields: { department_id: expect.any(String) },
      });
    }
    const options = (await client.get('/api/tickets/options')).json();
    expect(options.departments.map((d: { id: number }) => d.id)).toContain(dept.id);
    expect(options.departments.map((d: { id: number }) => d.id)).not.toContain(off.id);

    // A server of someone else is refused; the member's own is linked and offered on the create page.
    const location = (await admin.post('/api/admin/locations', { name: 'Ticket place' })).json().data;
    const category = (await admin.post('/api/admin/egg-categories', { name: 'Ticket games' })).json().data;
    const egg = (await admin.post('/api/admin/eggs', { name: 'Ticket egg', category_id: category.id })).json().data;
    const make = async (ownerId: string) =>
      (
        await t.database.db
          .insert(servers)
          .values({
            ownerId,
            name: 'Survival',
            locationId: location.id,
            eggId: egg.id,
            memory: 256,
            cpu: 10,
            disk: 256,
            ports: 1,
            databases: 0,
            backups: 0,
          })
          .returning()
      )[0]!;
    const other = await signedUpMember(t.app);
    const theirs = await make(other.id);
    const mine = await make(id);
    const refused = await client.post('/api/tickets', {
      department_id: dept.id,
      subject: 'About a server',
      message: 'Hi',
      server_id: theirs.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty('server_id');
    const linked = await openTicket(client, dept.id, { server_id: mine.id });
    expect((await client.get(`/api/tickets/${linked.id}`)).json().data.server).toEqual({
      id: mine.id,
      name: 'Survival',
    });
    expect((await client.get('/api/tickets/options')).json().servers).toEqual([{ id: mine.id, name: 'Survival' }]);
  });

  it("answer 404 for someone else's ticket on every route", async () => {
    const owner = await signedUpMember(t.app);
    const ticket = await openTicket(owner.client, dept.id);
    const { client: stranger } = await signedUpMember(t.app);
    const attempts = [
      await stranger.get(`/api/tickets/${ticket.id}`),
      await stranger.post(`/api/tickets/${ticket.id}/messages`, { message: 'Let me in' }),
      await stranger.post(`/api/tickets/${ticket.id}/messages`, { nonsense: true }),
      await postForm(stranger, `/api/tickets/${ticket.id}/messages`, { message: 'Let me in' }),
      await stranger.post(`/api/tickets/${ticket.id}/close`),
      await stranger.post(`/api/tickets/${ticket.id}/reopen`),
      await stranger.get(`/api/tickets/${ticket.id}/attachments/00000000-0000-4000-8000-000000000000`),
    ];
    for (const res of attempts) expect([res.statusCode, res.json().error_code]).toEqual([404, 'NOT_FOUND']);
    expect(await statusOf(ticket.id)).toBe('open');
    expect((await stranger.get('/api/tickets')).json().total).toBe(0);
  });

  it('limit open tickets per member; closing one frees a place, reopening takes it again', async () => {
    await setSettings(t.app, { tickets_max_open: 2 });
    try {
      const { client } = await signedUpMember(t.app);
      const first = await openTicket(client, dept.id);
      await openTicket(client, dept.id);
      const third = await client.post('/api/tickets', { department_id: dept.id, subject: 'Third one', message: 'Hi' });
      expect([third.statusCode, third.json().error_code]).toEqual([409, 'TICKET_LIMIT_REACHED']);

      const closed = await client.post(`/api/tickets/${first.id}/close`);
      expect(closed.json().data).toMatchObject({ status: 'closed', closed_at: expect.any(String) });
      await openTicket(client, dept.id);
      const reopen = await client.post(`/api/tickets/${first.id}/reopen`);
      expect([reopen.statusCode, reopen.json().error_code]).toEqual([409, 'TICKET_LIMIT_REACHED']);
      expect(await statusOf(first.id)).toBe('closed');
      expect((await client.get('/api/tickets')).json()).toMatchObject({ open: 2, max_open: 2, total: 3 });
    } finally {
      await setSettings(t.app, { tickets_max_open: 3 });
    }
  });

  it('refuse a reply to a closed ticket until the member reopens it; a member reply sets it open', async () => {
    const { client } = await signedUpMember(t.app);
    const ticket = await openTicket(client, dept.id);
    await t.database.db.update(tickets).set({ status: 'replied' }).where(eq(tickets.id, ticket.id));
    const reply = await client.post(`/api/tickets/${ticket.id}/messages`, { message: 'Thanks, one more thing' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().data).toMatchObject({ status: 'open', last_reply_by: 'member' });
    expect(reply.json().data.messages).toHaveLength(2);

    await client.post(`/api/tickets/${ticket.id}/close`);
    const refused = await client.post(`/api/tickets/${ticket.id}/messages`, { message: 'Hello?' });
    expect([refused.statusCode, refused.json().error_code]).toEqual([409, 'TICKET_CLOSED']);
    const formRefused = await postForm(client, `/api/tickets/${ticket.id}/messages`, { message: 'Hello?' });
    expect(formRefused.json().error_code).toBe('TICKET_CLOSED');
    expect((await client.get(`/api/tickets/${ticket.id}`)).json().data.messages).toHaveLength(2);

    const reopened = await client.post(`/api/tickets/${ticket.id}/reopen`);
    expect(reopened.json().data).toMatchObject({ status: 'open', closed_at: null });
    expect((await client.post(`/api/tickets/${ticket.id}/messages`, { message: 'Hello?' })).statusCode).toBe(200);
  });

  it('refuse every member route while allow_tickets is off (staff keep working)', async () => {
    const { client } = await signedUpMember(t.app);
    const ticket = await openTicket(client, dept.id);
    await setSettings(t.app, { allow_tickets: false });
    try {
      const answers = [
        await client.get('/api/tickets'),
        await client.get('/api/tickets/options'),
        await client.get(`/api/tickets/${ticket.id}`),
        await client.post('/api/tickets', { department_id: dept.id, subject: 'Flag is off', message: 'Hi' }),
        await postForm(client, '/api/tickets', { department_id: dept.id, subject: 'Flag is off', message: 'Hi' }),
        await client.post(`/api/tickets/${ticket.id}/messages`, { message: 'Hi' }),
        await client.post(`/api/tickets/${ticket.id}/close`),
      ];
      for (const res of answers) expect([res.statusCode, res.json().error_code]).toEqual([403, 'FEATURE_DISABLED']);
      expect((await admin.get(`/api/admin/tickets/${ticket.id}`)).statusCode).toBe(200);
      const open = await t.database.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.subject, 'Flag is off')));
      expect(open).toHaveLength(0);
    } finally {
      await setSettings(t.app, { allow_tickets: true });
    }
  });
});

describe('rate limits', () => {
  it('count ticket creation and replies per member', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 2 });
    try {
      const root = await memberWithPermissions(limited.app, ['admin.root'], 8);
      const d = await department(root);
      // Sign-ups are limited per address too: each member comes from their own.
      const member = async (ip: string) => {
        const c = new TestClient(limited.app);
        c.remoteAddress = ip;
        expect((await c.post('/api/user/auth/register', newMember())).statusCode).toBe(201);
        return c;
      };
      const client = await member('10.0.0.1');
      const first = await openTicket(client, d.id);
      await openTicket(client, d.id);
      const third = await client.post('/api/tickets', { department_id: d.id, subject: 'Third', message: 'Hi' });
      expect([third.statusCode, third.json().error_code]).toEqual([429, 'RATE_LIMITED']);
      for (let i = 0; i < 2; i++)
        expect((await client.post(`/api/tickets/${first.id}/messages`, { message: `Reply ${i}` })).statusCode).toBe(
          200,
        );
      expect((await client.post(`/api/tickets/${first.id}/messages`, { message: 'Again' })).statusCode).toBe(429);
      // Another member has their own budget.
      const other = await member('10.0.0.2');
      expect(
        (await other.post('/api/tickets', { department_id: d.id, subject: 'Mine', message: 'Hi' })).statusCode,
      ).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
