import type { FastifyBaseLogger } from 'fastify';
import type { J4rService } from '../modules/j4r/j4r.service.ts';
import { PeriodicWorker } from './periodic-worker.ts';

/**
 * Runs the join-for-rewards re-check in-process (a pass does nothing while re-checks are off).
 * Several instances may run it: taking a reward back is a conditional update, so it happens once.
 */
export class J4rRecheckWorker extends PeriodicWorker {
  constructor(
    private readonly j4r: J4rService,
    log: FastifyBaseLogger,
  ) {
    super('j4r-recheck', log, 5 * 60_000);
  }

  protected work(): Promise<unknown> {
    return this.j4r.recheck();
  }
}
