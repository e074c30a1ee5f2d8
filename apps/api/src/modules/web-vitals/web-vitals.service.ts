import type { WebVitalBeacon, WebVitalName, WebVitalsDay } from '@hostdeck/contracts';
import { and, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { webVitalBuckets } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { analyticsDays, CLOSED_DAYS_TTL_MS } from '../dashboard/dashboard.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { bucketOf, p75 } from './web-vitals.histogram.ts';

type Row = { day: string; metric: string; bucket: number; count: number };

/** Web-vitals beacons into a histogram per day and metric, and the p75 per day for the admin widget. */
export class WebVitalsService {
  constructor(
    private readonly database: Database,
    private readonly settings: SettingsService,
  ) {}

  private get db() {
    return this.database.db;
  }

  /** Counts one sample; refused while web_vitals_collect is off (the client sends none then). */
  async record(beacon: WebVitalBeacon, now = new Date()): Promise<void> {
    if (!this.settings.bool('web_vitals_collect'))
      throw new AppError('FEATURE_DISABLED', 'Web-vitals collection is switched off');
    const day = now.toISOString().slice(0, 10);
    await this.db
      .insert(webVitalBuckets)
      .values({ day, metric: beacon.name, bucket: bucketOf(beacon.name, beacon.value), count: 1 })
      .onConflictDoUpdate({
        target: [webVitalBuckets.day, webVitalBuckets.metric, webVitalBuckets.bucket],
        set: { count: sql`${webVitalBuckets.count} + 1` },
      });
    if (day !== this.prunedOn) {
      // Once a day: rows older than the widget's 30 days are of no further use.
      this.prunedOn = day;
      await this.db.delete(webVitalBuckets).where(lt(webVitalBuckets.day, analyticsDays(now)[0]!));
    }
  }
  private prunedOn = '';

  /**
   * The p75 of each metric per UTC day over the last 30 days, oldest first, days without samples
   * left out. As with the dashboard's analytics (decision 0024), the closed days are read once an
   * hour; today is read on every call.
   */
  async days(now = new Date()): Promise<WebVitalsDay[]> {
    const days = analyticsDays(now);
    const today = days[days.length - 1]!;
    const key = `${days[0]}/${today}`;
    if (!this.closed || this.closed.key !== key || now.getTime() - this.closed.at > CLOSED_DAYS_TTL_MS)
      this.closed = { key, at: now.getTime(), rows: await this.rows(days[0]!, today) };
    const rows = [...this.closed.rows, ...(await this.rows(today))];
    const byDay = new Map<string, Map<WebVitalName, { bucket: number; count: number }[]>>();
    for (const r of rows) {
      const metrics = byDay.get(r.day) ?? new Map();
      byDay.set(r.day, metrics);
      const list = metrics.get(r.metric as WebVitalName) ?? [];
      metrics.set(r.metric as WebVitalName, list);
      list.push({ bucket: r.bucket, count: r.count });
    }
    return days.flatMap((day) => {
      const metrics = byDay.get(day);
      if (!metrics) return [];
      const entry: WebVitalsDay = { day, p75: {}, samples: {} };
      for (const [name, buckets] of metrics) {
        entry.p75[name] = round(p75(name, buckets) ?? 0);
        entry.samples[name] = buckets.reduce((n, b) => n + b.count, 0);
      }
      return [entry];
    });
  }
  private closed: { key: string; at: number; rows: Row[] } | null = null;

  /** The histogram rows from day `from` (until day `until`, excluded). */
  private rows(from: string, until?: string): Promise<Row[]> {
    return this.db
      .select({
        day: sql<string>`to_char(${webVitalBuckets.day}, 'YYYY-MM-DD')`,
        metric: webVitalBuckets.metric,
        bucket: webVitalBuckets.bucket,
        count: webVitalBuckets.count,
      })
      .from(webVitalBuckets)
      .where(and(gte(webVitalBuckets.day, from), until ? lt(webVitalBuckets.day, until) : undefined));
  }
}

/** Four significant digits are plenty for a p75 within 1 %. */
const round = (n: number) => Number(n.toPrecision(4));
