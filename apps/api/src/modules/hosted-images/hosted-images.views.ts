import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';

/** Views are written at most this often, in one statement for every image seen meanwhile. */
const FLUSH_MS = 10_000;
/** Past this many images waiting, they are written at once. */
const MAX_PENDING = 1_000;

/**
 * Counts page views without a write per view: counts gather in memory and go to the database in one
 * UPDATE every few seconds (a crash loses at most those seconds of views; they are a statistic).
 */
export class ViewCounter {
  private pending = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  count(id: string): void {
    this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
    if (this.pending.size >= MAX_PENDING) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes what has gathered; resolves once it is written (tests and shutdown wait for it). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.pending];
    this.pending = new Map();
    if (batch.length > 0) {
      const values = sql.join(
        batch.map(([id, n]) => sql`(${id}, ${n}::integer)`),
        sql`, `,
      );
      this.writing = this.writing
        .then(() =>
          this.db.execute(
            sql`update hosted_images set views = views + v.n from (values ${values}) as v(id, n) where hosted_images.id = v.id`,
          ),
        )
        .then(
          () => undefined,
          (err) => this.log.warn({ err }, 'writing image views failed'),
        );
    }
    return this.writing;
  }
}
