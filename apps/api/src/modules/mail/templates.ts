import {
  formatMoney,
  intlLocale,
  type MailTemplateKey,
  type RenderedMail,
  renderMailTemplate,
} from '@hostdeck/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox, mailTemplates } from '../../db/schema/index.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { defaultMailTemplates } from './template-defaults.ts';

/**
 * The mail interface the other modules use: a template key and its variables in, one outbox row
 * (subject, HTML, text, template) out, in the caller's transaction.
 */

// The panel address when app_url is empty comes from the config (PUBLIC_URL), which the settings do
// not know: app.ts binds it per settings instance (one per app, so tests with several apps stay apart).
const publicUrls = new WeakMap<SettingsService, () => string>();

export function bindMailPublicUrl(settings: SettingsService, publicUrl: () => string): void {
  publicUrls.set(settings, publicUrl);
}

/** app_name and app_url, added to every template's variables; app_logo, which the mail frame shows. */
export function mailGlobals(settings: SettingsService): { app_name: string; app_url: string; app_logo: string } {
  const appUrl = publicUrls.get(settings)?.() ?? settings.string('app_url').replace(/\/+$/, '');
  return { app_name: settings.string('app_name'), app_url: appUrl, app_logo: settings.string('app_logo') };
}

/** The template as it is used now: the staff override if there is one, else the default. */
export async function currentMailTemplate(db: Db, key: MailTemplateKey): Promise<{ subject: string; html: string }> {
  const [override] = await db
    .select({ subject: mailTemplates.subject, html: mailTemplates.html })
    .from(mailTemplates)
    .where(eq(mailTemplates.key, key));
  return override ?? defaultMailTemplates[key];
}

export async function renderTemplateMail(
  db: Db,
  settings: SettingsService,
  key: MailTemplateKey,
  vars: Record<string, string | number>,
): Promise<RenderedMail> {
  return renderMailTemplate(key, await currentMailTemplate(db, key), { ...vars, ...mailGlobals(settings) });
}

export async function enqueueTemplateMail(
  db: Db, // pass the transaction that caused the mail, so both commit together
  settings: SettingsService, // app_name, app_url etc. are added to the variables automatically
  mail: { to: string; template: MailTemplateKey; vars: Record<string, string | number> },
): Promise<void> {
  const rendered = await renderTemplateMail(db, settings, mail.template, mail.vars);
  await db.insert(mailOutbox).values({
    to: mail.to,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    template: mail.template,
  });
}

/**
 * Money as mails and receipts show it: the panel language's format, with currency_symbol for the
 * panel's own currency ("€12.50", "12,50 lei"); the client shows it the same way (lib/money.ts).
 */
export function mailMoney(settings: SettingsService, cents: number, currency: string): string {
  return formatMoney(cents, currency, intlLocale(settings.string('app_lang') || 'en'), {
    currency: settings.string('currency'),
    symbol: settings.string('currency_symbol'),
  });
}

/** A date as mails show it: "2025-05-04 18:30 (Europe/Paris)", in the app_timezone setting's zone. */
export function mailDate(settings: SettingsService, date: Date): string {
  let zone = settings.string('app_timezone') || 'UTC';
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = dateFormat(zone).formatToParts(date);
  } catch {
    zone = 'UTC'; // an unknown zone in the setting must not stop a mail
    parts = dateFormat(zone).formatToParts(date);
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} (${zone})`;
}

const dateFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
