import type { FastifyBaseLogger } from 'fastify';
import { metered, noWorkerMeter, type WorkerMeter } from '../lib/worker-meter.ts';
import type { J4rService } from '../modules/j4r/j4r.service.ts';

/**
 * Runs the join-for-rewards re-check in-process (a pass does nothing while re-checks are off).
 * Several instances may run it: taking a reward back is a conditional update, so it happens once.
 */
export class J4rRecheckWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  /** Counts passes and failures for /metrics (set by the app). */
  meter: WorkerMeter = noWorkerMeter;

  constructor(
    private readonly j4r: J4rService,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(intervalMs = 5 * 60_000): void {
    this.timer = setInterval(() => {
      this.running ??= metered(this.meter, 'j4r-recheck', () => this.j4r.recheck())
        .catch((err) => this.log.error({ err }, 'join-for-rewards re-check failed'))
        .finally(() => {
          this.running = undefined;
        });
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
