import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { enqueueMail } from './mail.service.ts';

let t: TestApp;
const received: { to: string; data: string }[] = [];
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  t = await createTestApp();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('mail outbox', () => {
  it('logs mail instead of sending when SMTP is not configured', async () => {
    await enqueueMail(t.database.db, { to: 'logged@example.com', subject: 'Hi', text: 'Body' });
    expect(await t.app.ctx.mail.flush()).toBe(1);
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'logged@example.com'));
    expect(row?.status).toBe('logged');
    expect(received).toHaveLength(0);
  });

  it('sends through a real SMTP server with nodemailer', async () => {
    await t.app.ctx.settings.update({
      smtp_host: '127.0.0.1',
      smtp_port: port,
      smtp_from: 'Panel <panel@example.com>',
    });
    await enqueueMail(t.database.db, { to: 'player@example.com', subject: 'Your reset link', text: 'Click here' });
    expect(await t.app.ctx.mail.flush()).toBe(1);
    expect(received.at(-1)?.to).toBe('player@example.com');
    expect(received.at(-1)?.data).toContain('Subject: Your reset link');
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'player@example.com'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('keeps a mail for a later retry when SMTP is down, and loses nothing', async () => {
    await t.app.ctx.settings.update({ smtp_host: '127.0.0.1', smtp_port: 1 });
    await enqueueMail(t.database.db, { to: 'retry@example.com', subject: 'Later', text: 'Body' });
    expect(await t.app.ctx.mail.flush()).toBe(1);
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'retry@example.com'));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toBeTruthy();
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await t.app.ctx.settings.update({ smtp_host: null, smtp_port: null });
  });
});
