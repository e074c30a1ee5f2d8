import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readiness } from '@hostdeck/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { migrationsFolder } from '../../lib/paths.ts';

/** PostgreSQL's "no such table" and "no such schema": the database answers, nothing was migrated yet. */
const NOT_MIGRATED = new Set(['42P01', '3F000']);

function sqlState(err: unknown): string | undefined {
  // drizzle wraps the driver's error; the SQLSTATE is on it or on its cause.
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Readiness for load balancers: the database answers and every migration of this build is applied.
 * One query per probe (the newest applied migration), the journal read once, and concurrent probes
 * share one check in flight, so a balancer polling every second costs next to nothing.
 */
export class ReadinessProbe {
  private readonly newest: number;
  private inFlight: Promise<Readiness> | undefined;

  constructor(
    private readonly db: Db,
    folder = migrationsFolder,
    private readonly timeoutMs = 2_000,
  ) {
    const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    this.newest = Math.max(0, ...journal.entries.map((e) => e.when));
  }

  check(): Promise<Readiness> {
    this.inFlight ??= this.run().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async run(): Promise<Readiness> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.timeoutMs);
      timer.unref();
    });
    try {
      const last = await Promise.race([this.lastApplied(), timeout]);
      if (last === 'timeout') return notReady('database', 'timeout', 'unknown');
      if (last === 'not-migrated') return notReady('migrations', 'ok', 'pending');
      // drizzle applies every journal entry newer than the last it recorded (as health.checks.ts reads it).
      if (last < this.newest) return notReady('migrations', 'ok', 'pending');
      // A database ahead of this build: a newer instance migrated it during a rolling upgrade. Expand
      // then contract keeps the older code working on it, so this instance stays in rotation.
      return {
        status: 'ok',
        failed: null,
        checks: { database: 'ok', migrations: last > this.newest ? 'newer' : 'ok' },
      };
    } catch {
      return notReady('database', 'down', 'unknown');
    } finally {
      clearTimeout(timer);
    }
  }

  private async lastApplied(): Promise<number | 'not-migrated'> {
    try {
      const r = await this.db.execute(
        sql`select coalesce(max(created_at), 0)::text as last from drizzle.__drizzle_migrations`,
      );
      return Number((r as unknown as { rows: { last: string }[] }).rows[0]?.last ?? 0);
    } catch (err) {
      if (NOT_MIGRATED.has(sqlState(err) ?? '')) return 'not-migrated';
      throw err;
    }
  }
}

function notReady(
  failed: NonNullable<Readiness['failed']>,
  database: Readiness['checks']['database'],
  migrations: Readiness['checks']['migrations'],
): Readiness {
  return { status: 'unavailable', failed, checks: { database, migrations } };
}
