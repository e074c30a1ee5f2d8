import type { WebVitalName } from '@hostdeck/contracts';

/**
 * The fixed buckets of the web-vitals histogram (decision 0029). Bucket 0 holds everything up to
 * the metric's floor (1 ms, or 0.0001 for CLS); bucket i ≥ 1 holds (floor·G^(i-1), floor·G^i], with
 * G = 1.02. A bucket stands for its geometric middle, so a value read back is within 1 % of the
 * samples in it.
 */
const GROWTH = 1.02;
const LOG_GROWTH = Math.log(GROWTH);
const floorOf = (name: WebVitalName) => (name === 'CLS' ? 0.0001 : 1);

export function bucketOf(name: WebVitalName, value: number): number {
  const floor = floorOf(name);
  if (value <= floor) return 0;
  // The small epsilon keeps a value on a bucket's upper edge in that bucket despite rounding.
  return Math.max(1, Math.ceil(Math.log(value / floor) / LOG_GROWTH - 1e-9));
}

export function bucketValue(name: WebVitalName, bucket: number): number {
  const floor = floorOf(name);
  if (bucket === 0) return floor;
  return floor * GROWTH ** (bucket - 0.5);
}

/**
 * The 75th percentile (nearest rank, as web.dev's CrUX reports it) of a histogram: the bucket that
 * holds the ceil(0.75·n)-th smallest sample.
 */
export function p75(name: WebVitalName, buckets: { bucket: number; count: number }[]): number | undefined {
  const sorted = [...buckets].sort((a, b) => a.bucket - b.bucket);
  const total = sorted.reduce((n, b) => n + b.count, 0);
  if (total === 0) return undefined;
  const rank = Math.ceil(0.75 * total);
  let seen = 0;
  for (const b of sorted) {
    seen += b.count;
    if (seen >= rank) return bucketValue(name, b.bucket);
  }
  return undefined;
}
