import type { FastifyBaseLogger } from 'fastify';
import { metered, noWorkerMeter, type WorkerMeter } from '../lib/worker-meter.ts';

/**
 * A background job run in-process every `intervalMs`: one pass at a time (a pass still running when
 * the next tick comes is not doubled), counted for /metrics, its failure logged, and awaited on stop
 * so that a shutdown never cuts a pass in half.
 */
export abstract class PeriodicWorker<T = unknown> {
  private timer?: NodeJS.Timeout;
  private running?: Promise<T>;
  /** Set by stop(): a pass that works through a list checks it to stop after its current item. */
  protected stopping = false;
  /** Counts passes and failures for /metrics (set by the app). */
  meter: WorkerMeter = noWorkerMeter;

  protected constructor(
    private readonly name: string,
    protected readonly log: FastifyBaseLogger,
    private readonly intervalMs: number,
  ) {}

  start(intervalMs = this.intervalMs): void {
    this.stopping = false;
    this.timer = setInterval(
      () => void this.runOnce().catch((err) => this.log.error({ err, worker: this.name }, `${this.name} failed`)),
      intervalMs,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopping = true;
    // Its failure, if any, was logged by the tick that started it (or thrown to the caller of runOnce).
    await this.running?.catch(() => {});
  }

  /** One pass, shared with a pass already running. `now` can be moved for tests. */
  runOnce(now = Date.now()): Promise<T> {
    this.running ??= metered(this.meter, this.name, () => this.work(now)).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  protected abstract work(now: number): Promise<T>;
}
