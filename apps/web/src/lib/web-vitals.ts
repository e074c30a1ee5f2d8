import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { settingsStore } from './settings-store.ts';

type Metric = { name: string; value: number; rating: string };

/**
 * While an admin has switched web_vitals_collect on, each metric goes to the server for the admin
 * analytics widget. As text/plain JSON: sendBeacon sets no headers, and that content type needs no
 * CORS preflight; the server takes it on this route only, from this origin only (decision 0029).
 */
function send(m: Metric): void {
  if (settingsStore.get('web_vitals_collect') !== true) return;
  const url = '/api/system/web-vitals';
  const body = JSON.stringify({
    name: m.name,
    value: m.value,
    rating: m.rating,
    path: location.pathname.slice(0, 200),
  });
  if (navigator.sendBeacon?.(url, body)) return;
  fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(() => {});
}

/**
 * Logs CLS, INP (FID's successor: web-vitals 4 no longer reports FID), FCP, LCP and TTFB to the
 * console (specification §9), and sends them when collection is on. Part of the start-up bundle
 * (3 KB): a file of its own cost every page one more request.
 */
export function reportWebVitals(): void {
  const log = (m: Metric) => {
    console.info(`[web-vitals] ${m.name}`, Math.round(m.value * 100) / 100, m.rating);
    send(m);
  };
  onCLS(log);
  onINP(log);
  onFCP(log);
  onLCP(log);
  onTTFB(log);
}
