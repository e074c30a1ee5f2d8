import nodemailer, { type Transporter } from 'nodemailer';
import type { SettingsService } from '../../modules/settings/settings.service.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface Mailer {
  /** True when SMTP is configured; otherwise mails are written to the log instead. */
  configured(): boolean;
  send(mail: OutgoingMail): Promise<void>;
}

/** nodemailer over SMTP, rebuilt whenever the mail settings change. */
export function smtpMailer(settings: SettingsService): Mailer {
  let transport: Transporter | undefined;
  settings.onChange(() => {
    transport?.close();
    transport = undefined;
  });
  const build = () =>
    nodemailer.createTransport({
      host: settings.string('smtp_host'),
      port: settings.number('smtp_port'),
      secure: settings.bool('smtp_secure'),
      auth: settings.string('smtp_user')
        ? { user: settings.string('smtp_user'), pass: settings.string('smtp_password') }
        : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  return {
    configured: () => settings.string('smtp_host') !== '',
    send: async (mail) => {
      transport ??= build();
      await transport.sendMail({
        from: settings.string('smtp_from'),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
      });
    },
  };
}
