import { z } from 'zod';

/**
 * Web-vitals beacons (POST /api/system/web-vitals) and their p75 per day on the admin analytics
 * widget. FID is gone from web-vitals 4 (INP replaced it), so it is not collected.
 */
export const webVitalNames = ['CLS', 'FCP', 'LCP', 'TTFB', 'INP'] as const;
export type WebVitalName = (typeof webVitalNames)[number];
export const webVitalRatings = ['good', 'needs-improvement', 'poor'] as const;
export type WebVitalRating = (typeof webVitalRatings)[number];

/**
 * web.dev's thresholds: at or below `good` is Good, above `poor` is Poor, between is Needs
 * improvement. CLS has no unit; the others are milliseconds.
 */
export const webVitalThresholds: Record<WebVitalName, { good: number; poor: number }> = {
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  LCP: { good: 2500, poor: 4000 },
  TTFB: { good: 800, poor: 1800 },
  INP: { good: 200, poor: 500 },
};

export function webVitalRating(name: WebVitalName, value: number): WebVitalRating {
  const t = webVitalThresholds[name];
  return value <= t.good ? 'good' : value <= t.poor ? 'needs-improvement' : 'poor';
}

/** Highest value accepted per metric: a minute for the timings, 10 for CLS (anything above is noise). */
export const webVitalMax: Record<WebVitalName, number> = {
  CLS: 10,
  FCP: 60_000,
  LCP: 60_000,
  TTFB: 60_000,
  INP: 60_000,
};

/** The beacon's body (sent as text/plain JSON: sendBeacon cannot set headers). The path's query is dropped. */
export const WebVitalBeaconSchema = z
  .object({
    name: z.enum(webVitalNames),
    value: z.number().min(0).max(60_000),
    rating: z.enum(webVitalRatings),
    path: z
      .string()
      .max(200)
      .regex(/^\/[^?#]*$/, 'A path without query or fragment'),
  })
  .refine((b) => b.value <= webVitalMax[b.name], { message: 'Value out of range', path: ['value'] })
  .meta({ id: 'WebVitalBeacon' });
export type WebVitalBeacon = z.infer<typeof WebVitalBeaconSchema>;

/** One UTC day: the p75 of each metric that has samples that day (metrics without samples are absent). */
export const WebVitalsDaySchema = z.object({
  day: z.string(),
  p75: z.partialRecord(z.enum(webVitalNames), z.number()),
  samples: z.partialRecord(z.enum(webVitalNames), z.number().int()),
});
export type WebVitalsDay = z.infer<typeof WebVitalsDaySchema>;
/** The last 30 days (UTC), oldest first, only the days with samples. */
export const DashboardWebVitalsSchema = z
  .object({ success: z.literal(true), data: z.array(WebVitalsDaySchema) })
  .meta({ id: 'DashboardWebVitals' });
