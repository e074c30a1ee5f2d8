import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { Mailer, OutgoingMail } from '../../integrations/smtp/mailer.ts';

const MAX_ATTEMPTS = 8;
const BATCH = 20;

/** Puts a mail in the outbox; pass the transaction that caused it so both commit together. */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
}

/**
 * The outbox worker: claims due mails with SKIP LOCKED (safe with several instances), sends them
 * outside any transaction, retries with exponential backoff. Without SMTP it logs the mail instead.
 */
export class MailOutbox {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(intervalMs = 5_000): void {
    this.timer = setInterval(
      () => void this.flush().catch((err) => this.log.error({ err }, 'mail outbox failed')),
      intervalMs,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Sends every due mail once; returns how many were handled. */
  flush(): Promise<number> {
    this.running ??= this.work().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async work(): Promise<number> {
    const due = await this.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        // The database's clock on both sides of the comparison (JS dates lose the microseconds).
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(mailOutbox.createdAt)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length > 0) {
        // Lease the batch for a minute so another instance does not send it too.
        await tx
          .update(mailOutbox)
          .set({ nextAttemptAt: sql`now() + interval '60 seconds'` })
          .where(
            inArray(
              mailOutbox.id,
              rows.map((r) => r.id),
            ),
          );
      }
      return rows;
    });
    for (const mail of due) {
      if (!this.mailer.configured()) {
        this.log.info(
          { to: mail.to, subject: mail.subject, text: mail.text },
          'SMTP not configured: mail logged instead of sent',
        );
        await this.db
          .update(mailOutbox)
          .set({ status: 'logged', sentAt: new Date() })
          .where(eq(mailOutbox.id, mail.id));
        continue;
      }
      try {
        await this.mailer.send(mail);
        await this.db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: new Date(), attempts: mail.attempts + 1 })
          .where(eq(mailOutbox.id, mail.id));
      } catch (err) {
        const attempts = mail.attempts + 1;
        const delayS = Math.min(3600, 2 ** attempts * 15);
        this.log.warn({ err, to: mail.to, attempts }, 'mail send failed');
        await this.db
          .update(mailOutbox)
          .set({
            attempts,
            lastError: (err as Error).message.slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            nextAttemptAt: new Date(Date.now() + delayS * 1000),
          })
          .where(eq(mailOutbox.id, mail.id));
      }
    }
    return due.length;
  }
}
