import { useEffect, useState } from 'react';
import { intlLocale } from '../../lib/format.ts';

/** Whole seconds until `iso` (0 once it has passed, or without a time), redrawn every second while counting. */
export function useSecondsUntil(iso: string | null): number {
  const target = iso ? Date.parse(iso) : Number.NaN;
  const [, setTick] = useState(0);
  const seconds = Number.isFinite(target) ? Math.max(0, Math.ceil((target - Date.now()) / 1000)) : 0;
  const running = seconds > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new target restarts the clock
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [running, target]);
  return seconds;
}

/** "4:05", "1:02:03": a countdown. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/** "30 min", "1 hr 30 min", "45 sec" in the member's language (the two largest units that are not zero). */
export function durationText(seconds: number, lng: string): string {
  const locale = intlLocale(lng);
  const s = Math.max(0, Math.round(seconds));
  const parts: [Intl.NumberFormatOptions['unit'], number][] = [
    ['hour', Math.floor(s / 3600)],
    ['minute', Math.floor((s % 3600) / 60)],
    ['second', s % 60],
  ];
  const shown = parts.filter(([, n]) => n > 0).slice(0, 2);
  if (shown.length === 0) shown.push(['second', 0]);
  return shown
    .map(([unit, n]) => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(n))
    .join(' ');
}
