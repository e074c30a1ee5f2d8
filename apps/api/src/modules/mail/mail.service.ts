import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { Mailer, OutgoingMail } from '../../integrations/smtp/mailer.ts';
import { PeriodicWorker } from '../../workers/periodic-worker.ts';

const MAX_ATTEMPTS = 8;
const BATCH = 20;
const WORKER = 'mail-outbox';

/** Puts a mail written in code in the outbox (templated mails use enqueueTemplateMail); pass the caller's transaction. */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
}

/** Seconds before the next attempt after `attempts` failures: 30 s, 1 min, 2 min, … capped at an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 2 ** attempts * 15);

/**
 * The outbox worker: claims due mails with SKIP LOCKED (safe with several instances), sends them
 * outside any transaction, retries with exponential backoff. Without SMTP the mails are held (kept,
 * shown to admins) and go out once SMTP is configured.
 */
export class MailOutbox extends PeriodicWorker<number> {
  /** The worker's clock for backoff and due times; tests move it forward instead of sleeping. */
  now: () => Date = () => new Date();

  constructor(
    private readonly db: Db,
    readonly mailer: Mailer,
    log: FastifyBaseLogger,
  ) {
    super(WORKER, log, 5_000);
  }

  /**
   * One pass (runOnce): sends every due mail once, or holds them without SMTP; returns how many were
   * handled. On stop() it sends the mail it is on and hands the rest of its batch back.
   */
  protected async work(): Promise<number> {
    if (!this.mailer.configured()) {
      const held = await this.db
        .update(mailOutbox)
        .set({ status: 'held' })
        .where(eq(mailOutbox.status, 'pending'))
        .returning({ id: mailOutbox.id });
      if (held.length > 0) this.log.info({ count: held.length }, 'SMTP not configured: mails held in the outbox');
      return held.length;
    }
    // SMTP is configured (again): what was held is due now.
    await this.db
      .update(mailOutbox)
      .set({ status: 'pending', nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.status, 'held'));
    // The later of the database's clock and the worker's: JS dates lose the microseconds of now().
    const clock = sql`greatest(now(), ${this.now().toISOString()}::timestamptz)`;
    const due = await this.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, clock)))
        .orderBy(mailOutbox.createdAt)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length > 0) {
        // Lease the batch for a minute so another instance does not send it too.
        await tx
          .update(mailOutbox)
          .set({ nextAttemptAt: sql`${clock} + interval '60 seconds'` })
          .where(
            inArray(
              mailOutbox.id,
              rows.map((r) => r.id),
            ),
          );
      }
      return rows;
    });
    for (const [i, mail] of due.entries()) {
      if (this.stopping) {
        // The rest of the batch is due again at once, for another instance, rather than after its lease.
        await this.db
          .update(mailOutbox)
          .set({ nextAttemptAt: sql`now()` })
          .where(
            and(
              eq(mailOutbox.status, 'pending'),
              inArray(
                mailOutbox.id,
                due.slice(i).map((m) => m.id),
              ),
            ),
          );
        return i;
      }
      try {
        await this.mailer.send(mail);
        await this.db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: this.now(), attempts: mail.attempts + 1, lastError: null })
          .where(eq(mailOutbox.id, mail.id));
      } catch (err) {
        const attempts = mail.attempts + 1;
        this.log.warn({ err, to: mail.to, attempts }, 'mail send failed');
        this.meter.fail(WORKER);
        await this.db
          .update(mailOutbox)
          .set({
            attempts,
            lastError: (err as Error).message.slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            nextAttemptAt: new Date(this.now().getTime() + retryDelaySeconds(attempts) * 1000),
          })
          .where(eq(mailOutbox.id, mail.id));
      }
    }
    return due.length;
  }
}
