import { PanelError } from './errors.ts';

/**
 * The panel allows a number of Application API requests a minute for every caller together (240 by
 * default). Every call takes a slot from this sliding window first; when none is free it waits for
 * one, up to `maxWaitMs`, then fails as rate-limited (a transient fault the queue retries later).
 * When the panel itself answers 429 (other callers share its bucket), `pauseFor` holds every call
 * until the time its Retry-After names.
 */
export class RateBudget {
  private readonly stamps: number[] = [];
  private pausedUntil = 0;

  constructor(readonly perMinute: number) {}

  /** The panel said to wait this long: no call leaves before then. */
  pauseFor(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms);
  }

  async take(maxWaitMs: number): Promise<void> {
    const deadline = Date.now() + maxWaitMs;
    for (;;) {
      const now = Date.now();
      if (now < this.pausedUntil) {
        if (this.pausedUntil > deadline)
          throw new PanelError(
            'rate_limited',
            'The panel asked for a pause in requests',
            429,
            'RateBudget',
            [],
            this.pausedUntil - now,
          );
        await new Promise((r) => setTimeout(r, this.pausedUntil - now + 1));
        continue;
      }
      while (this.stamps.length > 0 && now - (this.stamps[0] as number) >= 60_000) this.stamps.shift();
      if (this.stamps.length < this.perMinute) {
        this.stamps.push(now);
        return;
      }
      const freeAt = (this.stamps[0] as number) + 60_000;
      if (freeAt > deadline)
        throw new PanelError(
          'rate_limited',
          'The panel request budget for this minute is used up',
          429,
          'RateBudget',
          [],
          freeAt - now,
        );
      await new Promise((r) => setTimeout(r, freeAt - now + 1));
    }
  }
}
