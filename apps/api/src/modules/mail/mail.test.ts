import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { MailOutbox } from './mail.service.ts';
import { enqueueTemplateMail } from './templates.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://panel.example.com' });
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const outbox = () => t.app.ctx.mail;
const rowTo = async (to: string) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0];
const useSmtp = (port: number) =>
  t.app.ctx.settings.update({
    smtp_host: '127.0.0.1',
    smtp_port: port,
    smtp_encryption: 'none',
    smtp_from: 'Panel <panel@example.com>',
  });
const noSmtp = () => t.app.ctx.settings.update({ smtp_host: null, smtp_port: null, smtp_encryption: null });
const resetPassword = (to: string) =>
  enqueueTemplateMail(t.database.db, t.app.ctx.settings, {
    to,
    template: 'reset_password',
    vars: {
      username: 'Alex <b>',
      reset_url: 'https://panel.example.com/auth/reset-password?token=abc',
      expires_minutes: 30,
    },
  });

describe('mail outbox', () => {
  it('holds mail while SMTP is not configured, and sends it once SMTP is set', async () => {
    await noSmtp();
    await resetPassword('held@example.com');
    expect(await outbox().runOnce()).toBe(1);
    expect(await rowTo('held@example.com')).toMatchObject({ status: 'held', attempts: 0, sentAt: null });
    expect(await outbox().runOnce()).toBe(0); // still held, nothing lost
    expect(smtp.received.filter((m) => m.to.includes('held@example.com'))).toHaveLength(0);

    await useSmtp(smtp.port);
    expect(await outbox().runOnce()).toBeGreaterThanOrEqual(1);
    expect(await rowTo('held@example.com')).toMatchObject({ status: 'sent', attempts: 1 });
    expect(smtp.received.filter((m) => m.to.includes('held@example.com'))).toHaveLength(1);
  });

  it('delivers through a real SMTP server: recipient, sender, subject, HTML and text parts', async () => {
    await useSmtp(smtp.port);
    await resetPassword('player@example.com');
    expect(await outbox().runOnce()).toBe(1);
    const mail = smtp.received.find((m) => m.to.includes('player@example.com'));
    expect(mail).toBeDefined();
    expect(mail!.to).toEqual(['player@example.com']);
    expect(mail!.from).toBe('Panel <panel@example.com>');
    expect(mail!.subject).toBe('Hostdeck: reset your password');
    expect(mail!.html).toContain('<!DOCTYPE html>');
    expect(mail!.html).toContain('Hello Alex &lt;b&gt;,');
    expect(mail!.html).toContain('href="https://panel.example.com/auth/reset-password?token=abc"');
    expect(mail!.text).toContain('Hello Alex <b>,');
    expect(mail!.text).toContain('Choose a new password (https://panel.example.com/auth/reset-password?token=abc)');
    expect(mail!.text).toContain('30 minutes');
    expect(await rowTo('player@example.com')).toMatchObject({
      status: 'sent',
      attempts: 1,
      template: 'reset_password',
    });
  });

  it('keeps a mail while the SMTP server is down and delivers it when it is back on the same port', async () => {
    // A port that was just free: nothing listens on it now.
    const gone = await startSmtpServer();
    const port = gone.port;
    await gone.close();
    await useSmtp(port);
    const start = Date.now();
    outbox().now = () => new Date(start);
    try {
      await resetPassword('retry@example.com');
      expect(await outbox().runOnce()).toBe(1);
      const failed = await rowTo('retry@example.com');
      expect(failed).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
      expect(failed!.lastError).toMatch(/ECONNREFUSED/);
      // Backed off 30 seconds on the worker's clock.
      expect(failed!.nextAttemptAt.getTime()).toBe(start + 30_000);
      expect(await outbox().runOnce()).toBe(0);

      const back = await startSmtpServer(port);
      try {
        outbox().now = () => new Date(start + 29_000);
        expect(await outbox().runOnce()).toBe(0); // not due yet
        outbox().now = () => new Date(start + 30_000);
        expect(await outbox().runOnce()).toBe(1);
        expect(await rowTo('retry@example.com')).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
        expect(back.received.map((m) => m.to)).toEqual([['retry@example.com']]);
      } finally {
        await back.close();
      }
    } finally {
      outbox().now = () => new Date();
    }
  });

  it('gives up after the last attempt: the mail stays, marked failed, with its error', async () => {
    const gone = await startSmtpServer();
    await gone.close();
    await useSmtp(gone.port);
    await resetPassword('gives-up@example.com');
    await t.database.db.update(mailOutbox).set({ attempts: 7 }).where(eq(mailOutbox.to, 'gives-up@example.com'));
    expect(await outbox().runOnce()).toBe(1);
    const row = await rowTo('gives-up@example.com');
    expect(row).toMatchObject({ status: 'failed', attempts: 8 });
    expect(row!.lastError).toMatch(/ECONNREFUSED/);
    expect(await outbox().runOnce()).toBe(0);
  });

  it('stopped in the middle of a batch (shutdown): sends the mail it is on, the rest is due again at once', async () => {
    await useSmtp(smtp.port);
    for (const to of ['stop-1@example.com', 'stop-2@example.com', 'stop-3@example.com']) await resetPassword(to);
    // The shared SMTP transport, with the first send held until the test lets it go.
    const real = outbox().mailer;
    let arrived = () => {};
    let release = () => {};
    const firstArrived = new Promise<void>((r) => {
      arrived = r;
    });
    const released = new Promise<void>((r) => {
      release = r;
    });
    const worker = new MailOutbox(
      t.database.db,
      {
        ...real,
        configured: () => real.configured(),
        send: async (mail) => {
          arrived();
          await released;
          await real.send(mail);
        },
      },
      t.app.log,
    );
    const pass = worker.runOnce();
    await firstArrived;
    const stopped = worker.stop();
    release();
    await stopped;
    expect(await pass).toBe(1);
    const rows = await Promise.all(['stop-1@example.com', 'stop-2@example.com', 'stop-3@example.com'].map(rowTo));
    expect(rows.map((r) => r?.status)).toEqual(['sent', 'pending', 'pending']);
    // Not leased for a minute: any instance's next pass sends them.
    expect(await outbox().runOnce()).toBe(2);
    expect((await Promise.all(['stop-2@example.com', 'stop-3@example.com'].map(rowTo))).map((r) => r?.status)).toEqual([
      'sent',
      'sent',
    ]);
  });
});
