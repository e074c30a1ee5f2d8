import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { withTimeout } from '../../lib/timeout.ts';
import type { SettingsService } from '../../modules/settings/settings.service.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface Mailer {
  /** True when SMTP is configured; otherwise mails wait in the outbox ('held'). */
  configured(): boolean;
  /** Sends through the shared, pooled transport (the outbox worker). */
  send(mail: OutgoingMail): Promise<void>;
  /** Sends now over a fresh connection that gives up after `timeoutMs` (the admin's test mail). */
  sendNow(mail: OutgoingMail, timeoutMs: number): Promise<void>;
}

/** The transport options from the mail settings; smtp_encryption picks plain, STARTTLS or TLS. */
export function transportOptions(settings: SettingsService, timeoutMs = 20_000): SMTPTransport.Options {
  const encryption = settings.string('smtp_encryption');
  const user = settings.string('smtp_user');
  return {
    host: settings.string('smtp_host'),
    port: settings.number('smtp_port'),
    // tls: TLS from the first byte; starttls: the upgrade is required (no silent plain-text fallback);
    // none: never upgrade, even when the server offers it.
    secure: encryption === 'tls',
    requireTLS: encryption === 'starttls',
    ignoreTLS: encryption === 'none',
    auth: user ? { user, pass: settings.string('smtp_password') } : undefined,
    connectionTimeout: Math.min(10_000, timeoutMs),
    greetingTimeout: Math.min(10_000, timeoutMs),
    socketTimeout: timeoutMs,
  };
}

/** nodemailer over SMTP, rebuilt whenever the mail settings change. */
export function smtpMailer(settings: SettingsService): Mailer {
  let transport: Transporter | undefined;
  settings.onChange(() => {
    transport?.close();
    transport = undefined;
  });
  const message = (mail: OutgoingMail) => ({
    from: settings.string('smtp_from'),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? undefined,
  });
  return {
    configured: () => settings.string('smtp_host') !== '',
    send: async (mail) => {
      transport ??= nodemailer.createTransport(transportOptions(settings));
      await transport.sendMail(message(mail));
    },
    sendNow: async (mail, timeoutMs) => {
      const once = nodemailer.createTransport(transportOptions(settings, timeoutMs));
      try {
        await withTimeout(
          once.sendMail(message(mail)),
          timeoutMs,
          `No answer from the SMTP server within ${timeoutMs} ms`,
        );
      } finally {
        once.close();
      }
    },
  };
}
