/** Logs CLS, INP (FID's successor), FCP, LCP and TTFB to the console (specification §9). */
export function reportWebVitals(): void {
  void import('web-vitals').then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
    const log = (m: { name: string; value: number; rating: string }) =>
      console.info(`[web-vitals] ${m.name}`, Math.round(m.value * 100) / 100, m.rating);
    onCLS(log);
    onINP(log);
    onFCP(log);
    onLCP(log);
    onTTFB(log);
  });
}
