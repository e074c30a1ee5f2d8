import {
  escapeHtml,
  htmlToText,
  type MailOutboxDetail,
  type MailOutboxItem,
  type MailOutboxQuery,
  mailLayout,
} from '@hostdeck/contracts';
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { Mailer } from '../../integrations/smtp/mailer.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { likeTerm } from '../../lib/paging.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { mailGlobals } from './templates.ts';

type Row = typeof mailOutbox.$inferSelect;

const TEST_TIMEOUT_MS = 15_000;

const presentItem = (r: Row): MailOutboxItem => ({
  id: r.id,
  to: r.to,
  subject: r.subject,
  template: r.template,
  status: r.status,
  attempts: r.attempts,
  last_error: r.lastError,
  next_attempt_at: r.nextAttemptAt.toISOString(),
  created_at: r.createdAt.toISOString(),
  sent_at: r.sentAt?.toISOString() ?? null,
});

/** The outbox as admins see it: what is waiting, sent or failed, one mail's content, a retry; and the test mail. */
export class MailOutboxAdmin {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly mailer: Mailer,
  ) {}

  async list(q: MailOutboxQuery): Promise<{ data: MailOutboxItem[]; total: number }> {
    const where = and(
      q.status ? eq(mailOutbox.status, q.status) : undefined,
      q.search
        ? or(ilike(mailOutbox.to, likeTerm(q.search)), ilike(mailOutbox.subject, likeTerm(q.search)))
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page),
      this.db.select({ n: count() }).from(mailOutbox).where(where),
    ]);
    return { data: rows.map(presentItem), total: Number(total?.n ?? 0) };
  }

  async get(id: string): Promise<MailOutboxDetail> {
    const [row] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row) throw new AppError('NOT_FOUND', 'There is no such mail');
    return { ...presentItem(row), html: hideTokens(row.html), text: hideTokens(row.text) };
  }

  /** A failed (or still waiting) mail goes back in line now, with a fresh set of attempts if it had given up. */
  async retry(actor: Actor, id: string): Promise<MailOutboxItem> {
    return this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for('update');
      if (!row) throw new AppError('NOT_FOUND', 'There is no such mail');
      if (!['failed', 'pending'].includes(row.status))
        throw new AppError('MAIL_NOT_RETRYABLE', 'Only a failed or waiting mail can be retried');
      const [updated] = await tx
        .update(mailOutbox)
        .set({ status: 'pending', nextAttemptAt: sql`now()`, attempts: row.status === 'failed' ? 0 : row.attempts })
        .where(eq(mailOutbox.id, id))
        .returning();
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'mail.retry',
        targetType: 'mail',
        targetId: id,
        before: { status: row.status, attempts: row.attempts },
        after: { status: 'pending' },
      });
      return presentItem(updated as Row);
    });
  }

  /** How many mails wait for SMTP (held) or failed for good: the admin pages show them. */
  async counts(): Promise<{ held: number; failed: number }> {
    const rows = await this.db
      .select({ status: mailOutbox.status, n: count() })
      .from(mailOutbox)
      .where(inArray(mailOutbox.status, ['held', 'failed']))
      .groupBy(mailOutbox.status);
    const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
    return { held: of('held'), failed: of('failed') };
  }

  /**
   * Sends a test mail now, bypassing the outbox, so the admin sees the SMTP server's own answer
   * (refused connection, bad login, rejected sender) at once.
   */
  async sendTest(to: string): Promise<void> {
    if (!this.mailer.configured())
      throw new AppError('SMTP_NOT_CONFIGURED', 'Set the SMTP server in the mail settings first');
    const appName = this.settings.string('app_name');
    const line = `If you can read this, ${appName} can send mail with the current SMTP settings.`;
    const html = mailLayout(
      `<h1 style="margin:0 0 16px;font-size:20px;">Test mail</h1><p style="margin:0;">${escapeHtml(line)}</p>`,
      mailGlobals(this.settings),
    );
    try {
      await this.mailer.sendNow(
        { to, subject: `${appName}: test mail`, html, text: htmlToText(html) },
        TEST_TIMEOUT_MS,
      );
    } catch (err) {
      throw new AppError('MAIL_SEND_FAILED', `The test mail could not be sent: ${(err as Error).message}`);
    }
  }
}

/**
 * A mail as staff may read it: the token of every link hidden (password reset, e-mail confirmation,
 * sign-in and setup links carry one), or reading the outbox would be taking over the addressee's account.
 * The mail itself goes out whole.
 */
export function hideTokens<T extends string | null>(body: T): T {
  // `;` for a later parameter in HTML, where `&` is written `&amp;`.
  return (body?.replace(/([?&;]token=)[^&\s"'<>]+/g, '$1••••') ?? body) as T;
}
