import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { BusStats } from '../../lib/bus.ts';
import type { WorkerMeter } from '../../lib/worker-meter.ts';
import type { CacheStats } from '../auth/sessions.service.ts';
import { type ScrapeSources, scrapeGauges } from './metrics.gauges.ts';

/**
 * One Prometheus registry per app instance (never prom-client's global one: tests build many apps in
 * one process). Request counts are counted as they happen; everything that lives in the database or
 * in another object (queue, outbox, pool, session cache) is read when Prometheus scrapes.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    registers: [this.registry],
  });
  private readonly runs = new Counter({
    name: 'worker_runs_total',
    help: 'Passes of a background worker',
    labelNames: ['worker'] as const,
    registers: [this.registry],
  });
  private readonly failures = new Counter({
    name: 'worker_failures_total',
    help: 'Failed jobs of a background worker (a build attempt, a mail send) and passes that threw',
    labelNames: ['worker'] as const,
    registers: [this.registry],
  });
  /** Passed to the workers (see lib/worker-meter.ts). */
  readonly workers: WorkerMeter = {
    run: (worker) => this.runs.inc({ worker }),
    fail: (worker) => this.failures.inc({ worker }),
  };
  private readonly gauges;

  constructor(
    sources: ScrapeSources & {
      sessionCache: CacheStats;
      memberCache?: { hits: number; misses: number };
      bus?: BusStats;
    },
  ) {
    const sessions = sources.sessionCache;
    const members = sources.memberCache;
    // The session check and the member pages are the API's hottest paths: they bump plain numbers,
    // read here at scrape time.
    for (const [field, what] of [
      ['Hits', 'answered from memory'],
      ['Misses', 'that asked the database'],
    ] as const) {
      const lower = field === 'Hits' ? 'hits' : 'misses';
      const sessionHelp = `Session checks ${what}, by cache (session rows, accounts)`;
      this.scraped(`session_cache_${lower}_total`, sessionHelp, ['cache'], (c) => {
        c.inc({ cache: 'session' }, sessions[`session${field}`]);
        c.inc({ cache: 'user' }, sessions[`user${field}`]);
      });
      this.scraped(
        `member_cache_${lower}_total`,
        `Reads of a member's own rows ${what} (db/member-cache.ts)`,
        [],
        (c) => {
          if (members) c.inc(members[lower]);
        },
      );
    }
    const bus = sources.bus;
    this.scraped(
      'bus_catch_ups_total',
      'Times every cached copy was read again: bus messages may have been lost (decision 0034)',
      [],
      (c) => {
        if (bus) c.inc(bus.catchUps);
      },
    );
    this.scraped('bus_unsent_total', 'Bus messages this instance could not send (Redis away)', [], (c) => {
      if (bus) c.inc(bus.unsent);
    });
    new Gauge({
      name: 'bus_listening',
      help: 'Whether this instance hears every bus message (0: Redis away, session checks ask the database)',
      registers: [this.registry],
      collect() {
        this.set(bus && !bus.listening ? 0 : 1);
      },
    });
    this.gauges = scrapeGauges(this.registry, sources);
  }

  /** A counter whose value is read at scrape time. */
  private scraped(name: string, help: string, labelNames: string[], read: (c: Counter) => void): void {
    new Counter({
      name,
      help,
      labelNames,
      registers: [this.registry],
      collect() {
        this.reset();
        read(this);
      },
    });
  }

  /** Process metrics (CPU, memory, event loop, GC): only when /metrics is on, they start observers. */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  /** route: the route's pattern (never the raw URL, which would make a series per id). */
  observeRequest(method: string, route: string, status: number, ms: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, ms / 1000);
  }

  /** The text Prometheus reads, after the scrape-time queries. */
  async scrape(): Promise<string> {
    await this.gauges.refresh();
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
