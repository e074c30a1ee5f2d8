/**
 * What a background worker reports for /metrics (modules/metrics): a pass started, a job in it (or
 * the whole pass) failed. Workers hold a no-op one until the app wires the metrics in.
 */
export interface WorkerMeter {
  run(worker: string): void;
  fail(worker: string): void;
}

export const noWorkerMeter: WorkerMeter = { run: () => {}, fail: () => {} };

/** Runs one pass of `worker`, counted as a run, and as a failure if it throws. */
export function metered<T>(meter: WorkerMeter, worker: string, pass: () => Promise<T>): Promise<T> {
  meter.run(worker);
  return pass().catch((err: unknown) => {
    meter.fail(worker);
    throw err;
  });
}
