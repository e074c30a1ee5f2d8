import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';

/**
 * Logs CLS, INP (FID's successor), FCP, LCP and TTFB to the console (specification §9). Part of the
 * start-up bundle (3 KB): a file of its own cost every page one more request.
 */
export function reportWebVitals(): void {
  const log = (m: { name: string; value: number; rating: string }) =>
    console.info(`[web-vitals] ${m.name}`, Math.round(m.value * 100) / 100, m.rating);
  onCLS(log);
  onINP(log);
  onFCP(log);
  onLCP(log);
  onTTFB(log);
}
