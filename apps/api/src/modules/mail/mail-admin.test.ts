import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { memberWithPermissions } from '../../../test/users.ts';
import { auditLog, mailOutbox } from '../../db/schema/index.ts';
import { hideTokens } from './mail-outbox.service.ts';
import { enqueueTemplateMail } from './templates.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: TestClient;
let reader: TestClient;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://panel.example.com' });
  smtp = await startSmtpServer();
  admin = await memberWithPermissions(t.app, [
    'admin.settings.edit',
    'admin.mail.templates.list',
    'admin.mail.templates.edit',
  ]);
  reader = await memberWithPermissions(t.app, ['admin.mail.templates.list']);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const smtpOn = (port: number, encryption = 'none') =>
  t.app.ctx.settings.update({ smtp_host: '127.0.0.1', smtp_port: port, smtp_encryption: encryption });
const welcome = (to: string) =>
  enqueueTemplateMail(t.database.db, t.app.ctx.settings, {
    to,
    template: 'welcome',
    vars: { username: 'sam', dashboard_url: 'https://panel.example.com/dashboard' },
  });

describe('the outbox in the admin area', () => {
  it('lists mails newest first with paging and a status filter, and says when SMTP is missing', async () => {
    await t.app.ctx.settings.update({ smtp_host: null });
    for (const n of [1, 2, 3]) await welcome(`list${n}@example.com`);
    await t.app.ctx.mail.runOnce(); // no SMTP: held
    const page = (await reader.get('/api/admin/mail/outbox?per_page=2')).json();
    expect(page).toMatchObject({ success: true, page: 1, per_page: 2, smtp_configured: false });
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.held).toBeGreaterThanOrEqual(3);
    expect(page.data).toHaveLength(2);
    expect(page.data[0]).toMatchObject({ to: 'list3@example.com', template: 'welcome', status: 'held', attempts: 0 });
    expect(page.data[0]).not.toHaveProperty('html');
    const held = (await reader.get('/api/admin/mail/outbox?status=held&per_page=100')).json();
    expect(held.data.every((m: { status: string }) => m.status === 'held')).toBe(true);
    expect((await reader.get('/api/admin/mail/outbox?status=lost')).statusCode).toBe(400);
    const found = (await reader.get('/api/admin/mail/outbox?search=list2%40')).json();
    expect(found.data.map((m: { to: string }) => m.to)).toEqual(['list2@example.com']);

    const one = (await reader.get(`/api/admin/mail/outbox/${page.data[0].id}`)).json().data;
    expect(one.subject).toBe('Welcome to Hostdeck, sam!');
    expect(one.html).toContain('Welcome, sam!');
    expect(one.text).toContain('Open my dashboard (https://panel.example.com/dashboard)');
    expect((await reader.get('/api/admin/mail/outbox/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it("hides the token of every link from staff (reading a reset mail is no way into the member's account)", async () => {
    const member = new TestClient(t.app);
    const m = newMember();
    await member.post('/api/user/auth/register', m);
    expect((await member.post('/api/user/auth/forgot-password', { email: m.email })).statusCode).toBe(200);
    await t.app.ctx.tasks.idle(); // the mail is written after the answer
    const [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, m.email), eq(mailOutbox.template, 'reset_password')));
    const token = /token=([^&\s"'<>]+)/.exec(row!.text)?.[1];
    expect(token).toBeTruthy(); // the mail itself carries the link whole
    const shown = (await reader.get(`/api/admin/mail/outbox/${row!.id}`)).json().data;
    expect(JSON.stringify(shown)).not.toContain(token!);
    expect(shown.text).toContain('/auth/reset-password?token=••••');
    // A token in a later parameter, as text and as HTML writes it.
    expect(hideTokens('https://x.test/a?b=1&token=abc def')).toBe('https://x.test/a?b=1&token=•••• def');
    expect(hideTokens('<a href="https://x.test/a?b=1&amp;token=abc">')).toBe(
      '<a href="https://x.test/a?b=1&amp;token=••••">',
    );
    expect(hideTokens(null)).toBeNull();
  });

  it('retries a failed mail (a fresh set of attempts), refuses a sent one, and audits it', async () => {
    await welcome('failed@example.com');
    await t.database.db
      .update(mailOutbox)
      .set({ status: 'failed', attempts: 8, lastError: 'connect ECONNREFUSED' })
      .where(eq(mailOutbox.to, 'failed@example.com'));
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'failed@example.com'));
    expect((await reader.post(`/api/admin/mail/outbox/${row!.id}/retry`)).statusCode).toBe(403);
    const retried = await admin.post(`/api/admin/mail/outbox/${row!.id}/retry`);
    expect(retried.json().data).toMatchObject({ status: 'pending', attempts: 0 });

    await smtpOn(smtp.port);
    await t.app.ctx.mail.runOnce();
    const [sent] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'failed@example.com'));
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(smtp.received.some((m) => m.to.includes('failed@example.com'))).toBe(true);
    // The held mails of the previous test went out too, now that SMTP is set.
    expect(smtp.received.some((m) => m.to.includes('list1@example.com'))).toBe(true);

    const again = await admin.post(`/api/admin/mail/outbox/${row!.id}/retry`);
    expect(again.json()).toMatchObject({ error_code: 'MAIL_NOT_RETRYABLE' });
    expect(again.statusCode).toBe(409);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, row!.id));
    expect(audit.map((a) => a.action)).toEqual(['mail.retry']);
  });
});

describe('the test mail', () => {
  it('is sent now, to the given address or the admin’s own', async () => {
    await smtpOn(smtp.port);
    const res = await admin.post('/api/admin/mail/test', { to: 'ops@example.com' });
    expect(res.json()).toEqual({ success: true, to: 'ops@example.com' });
    const mail = smtp.received.find((m) => m.to.includes('ops@example.com'));
    expect(mail?.subject).toBe('Hostdeck: test mail');
    expect(mail?.text).toContain('can send mail with the current SMTP settings');
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ops@example.com'))).toHaveLength(0);

    const own = (await admin.post('/api/admin/mail/test', {})).json();
    const me = (await admin.get('/api/user/session')).json().user_info.email;
    expect(own).toEqual({ success: true, to: me });
    expect(smtp.received.some((m) => m.to.includes(me))).toBe(true);
    expect((await reader.post('/api/admin/mail/test', {})).statusCode).toBe(403);
    expect((await admin.post('/api/admin/mail/test', { to: 'not an address' })).statusCode).toBe(400);
  });

  it('answers the SMTP error clearly: server down, STARTTLS required but not offered, no SMTP at all', async () => {
    const gone = await startSmtpServer();
    await gone.close();
    await smtpOn(gone.port);
    const down = await admin.post('/api/admin/mail/test', { to: 'ops@example.com' });
    expect(down.statusCode).toBe(502);
    expect(down.json().error_code).toBe('MAIL_SEND_FAILED');
    expect(down.json().message).toMatch(/ECONNREFUSED/);

    await smtpOn(smtp.port, 'starttls'); // this server does not offer STARTTLS: no silent plain-text fallback
    const plain = await admin.post('/api/admin/mail/test', { to: 'ops@example.com' });
    expect(plain.json().error_code).toBe('MAIL_SEND_FAILED');
    expect(plain.json().message).toMatch(/STARTTLS/i);

    await t.app.ctx.settings.update({ smtp_host: null });
    const none = await admin.post('/api/admin/mail/test', { to: 'ops@example.com' });
    expect(none.statusCode).toBe(409);
    expect(none.json().error_code).toBe('SMTP_NOT_CONFIGURED');
  });
});
