import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { Db, PoolStats } from '../../db/client.ts';

export interface ScrapeSources {
  db: Db;
  /** The PostgreSQL pool's use; absent on the embedded database (nothing is reported then). */
  pool?: () => PoolStats;
  log: FastifyBaseLogger;
}

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * Gauges set when Prometheus scrapes: one query for the server queue (both counts and the oldest
 * pending item, on the status index), one for the mail outbox, and the pool's own counters.
 */
export function scrapeGauges(registry: Registry, sources: ScrapeSources) {
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const queue = gauge('server_queue_depth', 'Server queue items waiting or being built, by status', ['status']);
  const queueAge = gauge('server_queue_oldest_pending_age_seconds', 'Age of the oldest pending server queue item');
  const outbox = gauge('mail_outbox_size', 'Mails not sent yet, by status (held: no SMTP configured)', ['status']);
  const { pool } = sources;
  if (pool) {
    const stats = (key: keyof PoolStats) => () => pool()[key];
    for (const [name, help, key] of [
      ['db_pool_connections', 'PostgreSQL connections open in the pool', 'total'],
      ['db_pool_idle_connections', 'PostgreSQL connections idle in the pool', 'idle'],
      ['db_pool_waiting_clients', 'Queries waiting for a free PostgreSQL connection', 'waiting'],
    ] as const) {
      const read = stats(key);
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    }
  }

  async function refresh(): Promise<void> {
    try {
      const [q] = rows<{ pending: number; building: number; age: number | null }>(
        await sources.db.execute(sql`
          select count(*) filter (where status = 'pending')::int as pending,
                 count(*) filter (where status = 'building')::int as building,
                 extract(epoch from now() - min(created_at) filter (where status = 'pending'))::float8 as age
          from server_queue where status in ('pending', 'building')`),
      );
      queue.set({ status: 'pending' }, q?.pending ?? 0);
      queue.set({ status: 'building' }, q?.building ?? 0);
      queueAge.set(q?.age ?? 0);
      const counts = new Map(
        rows<{ status: string; n: number }>(
          await sources.db.execute(sql`
            select status, count(*)::int as n from mail_outbox where status in ('pending', 'held') group by status`),
        ).map((r) => [r.status, r.n]),
      );
      for (const status of ['pending', 'held']) outbox.set({ status }, counts.get(status) ?? 0);
    } catch (err) {
      // The database is down: drop these series rather than report stale numbers; the rest still answers.
      sources.log.warn({ err }, 'metrics: reading the queue and outbox sizes failed');
      queue.reset();
      queueAge.reset();
      outbox.reset();
    }
  }
  return { refresh };
}
