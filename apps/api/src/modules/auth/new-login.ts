import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, type UserRow } from '../../db/schema/index.ts';
import { enqueueTemplateMail, mailDate } from '../mail/templates.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { ClientInfo } from './sessions.service.ts';

/** "Firefox on Linux" from a user agent; the raw string when it is not recognised. */
export function describeUserAgent(ua: string | undefined): string {
  if (!ua) return 'Unknown browser';
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([token]) => ua.includes(token as string))?.[1] ?? null;
  const os =
    [
      ['Windows', 'Windows'],
      ['Android', 'Android'],
      ['iPhone', 'iOS'],
      ['iPad', 'iPadOS'],
      ['Mac OS', 'macOS'],
      ['CrOS', 'ChromeOS'],
      ['Linux', 'Linux'],
    ].find(([token]) => ua.includes(token as string))?.[1] ?? null;
  if (browser && os) return `${browser} on ${os}`;
  return ua.slice(0, 120);
}

/**
 * Whether this sign-in comes from a browser the account has not used before. The cheap rule: the
 * account had sessions, and none from this user agent and address (sessions are kept after they
 * end, so "before" covers the retained history). The very first sign-in of an account is not "new".
 */
export async function isNewLogin(db: Db, userId: string, client: ClientInfo): Promise<boolean> {
  const ua = client.userAgent?.slice(0, 255) ?? null;
  const ip = client.ip ?? null;
  const [row] = await db
    .select({
      any: sql<number>`count(*)`,
      same: sql<number>`count(*) filter (where ${and(
        ua === null ? isNull(sessions.userAgent) : eq(sessions.userAgent, ua),
        ip === null ? isNull(sessions.ip) : eq(sessions.ip, ip),
      )})`,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return Number(row?.any ?? 0) > 0 && Number(row?.same ?? 0) === 0;
}

/** Mails the member about a sign-in from a new browser, unless the new_login_mail_enabled setting is off. */
export async function mailIfNewLogin(
  db: Db,
  settings: SettingsService,
  user: UserRow,
  client: ClientInfo,
  publicUrl: string,
): Promise<boolean> {
  if (!settings.bool('new_login_mail_enabled')) return false;
  if (!(await isNewLogin(db, user.id, client))) return false;
  await enqueueTemplateMail(db, settings, {
    to: user.email,
    template: 'new_login',
    vars: {
      username: user.username,
      ip: client.ip ?? 'unknown',
      browser: describeUserAgent(client.userAgent),
      time: mailDate(settings, new Date()),
      security_url: `${publicUrl}/account`,
    },
  });
  return true;
}
