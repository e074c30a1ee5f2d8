import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * Work a request starts but does not wait for: it runs once the reply has gone out, so the answer
 * tells nothing (by its timing or by a failure) about what the work found. A failure is logged with
 * the task's name and never reaches the client. Shutdown and tests wait for idle().
 */
export class DeferredTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Runs `work` after `reply` has been sent (or the connection has closed). */
  afterReply(reply: FastifyReply, name: string, work: () => Promise<void>): void {
    const raw = reply.raw;
    const sent = new Promise<void>((resolve) => {
      if (raw.writableFinished || raw.destroyed) return resolve();
      raw.once('finish', () => resolve());
      raw.once('close', () => resolve());
    });
    // setImmediate: the reply's own completion callbacks run first.
    this.track(name, sent.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(work));
  }

  /** Resolves once every task started so far (and any started meanwhile) has ended. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private track(name: string, task: Promise<void>): void {
    const tracked: Promise<void> = task
      .catch((err: unknown) => this.log.error({ err, task: name }, `Deferred task ${name} failed`))
      .finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }
}
