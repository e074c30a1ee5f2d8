import { intlLocale } from '@hostdeck/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export { intlLocale };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Numbers, sizes, dates and "in 3 days" in the member's language (money: lib/money.ts). */
/** Made on first use: each Intl formatter costs a locale lookup, and most pages use one or two. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

export function formatters(lng: string) {
  const locale = intlLocale(lng);
  const num = once(() => new Intl.NumberFormat(locale));
  const signed = once(() => new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' }));
  const mb = once(() => new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte' }));
  const pct = once(() => new Intl.NumberFormat(locale, { style: 'unit', unit: 'percent' }));
  const day = once(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }));
  const dayTime = once(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));
  const rel = once(() => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  return {
    number: (n: number) => num().format(n),
    /** "+100", "−25", "0": a change of a balance. */
    signed: (n: number) => signed().format(n),
    megabytes: (n: number) => mb().format(n),
    percent: (n: number) => pct().format(n),
    /** The language's own short sign for megabytes ("MB", "Mo"), to set beside a figure shown large. */
    megabyteSign: () =>
      mb()
        .formatToParts(1)
        .find((p) => p.type === 'unit')?.value ?? 'MB',
    date: (iso: string) => day().format(new Date(iso)),
    dateTime: (iso: string) => dayTime().format(new Date(iso)),
    /** "in 5 days", "2 hours ago", "tomorrow". */
    relative(iso: string, now = Date.now()) {
      const diff = new Date(iso).getTime() - now;
      const abs = Math.abs(diff);
      if (abs < HOUR) return rel().format(Math.round(diff / MINUTE), 'minute');
      if (abs < DAY) return rel().format(Math.round(diff / HOUR), 'hour');
      return rel().format(Math.round(diff / DAY), 'day');
    },
  };
}
export type Formatters = ReturnType<typeof formatters>;

export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  return useMemo(() => formatters(i18n.language ?? 'en'), [i18n.language]);
}
