import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The Intl locale of a language of the app (Moldovan formats as Romanian of Moldova). */
export function intlLocale(lng: string): string {
  return lng === 'md' ? 'ro-MD' : lng;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Numbers, sizes, dates and "in 3 days" in the member's language. */
export function formatters(lng: string) {
  const locale = intlLocale(lng);
  const num = new Intl.NumberFormat(locale);
  const signed = new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' });
  const mb = new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte' });
  const pct = new Intl.NumberFormat(locale, { style: 'unit', unit: 'percent' });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const dayTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const rel = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const moneyFormats = new Map<string, Intl.NumberFormat | null>();
  const moneyFormat = (code: string) => {
    if (!moneyFormats.has(code)) {
      try {
        moneyFormats.set(code, new Intl.NumberFormat(locale, { style: 'currency', currency: code }));
      } catch {
        moneyFormats.set(code, null);
      }
    }
    return moneyFormats.get(code) ?? null;
  };
  const decimals = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return {
    number: (n: number) => num.format(n),
    /** "+100", "−25", "0": a change of a balance. */
    signed: (n: number) => signed.format(n),
    megabytes: (n: number) => mb.format(n),
    percent: (n: number) => pct.format(n),
    /** "€12.50", "12,50 €": an amount in cents (hundredths) of an ISO 4217 currency, any case. */
    money(cents: number, currency: string) {
      const code = currency.toUpperCase();
      const fmt = moneyFormat(code);
      return fmt ? fmt.format(cents / 100) : `${decimals.format(cents / 100)} ${code}`;
    },
    date: (iso: string) => day.format(new Date(iso)),
    dateTime: (iso: string) => dayTime.format(new Date(iso)),
    /** "in 5 days", "2 hours ago", "tomorrow". */
    relative(iso: string, now = Date.now()) {
      const diff = new Date(iso).getTime() - now;
      const abs = Math.abs(diff);
      if (abs < HOUR) return rel.format(Math.round(diff / MINUTE), 'minute');
      if (abs < DAY) return rel.format(Math.round(diff / HOUR), 'hour');
      return rel.format(Math.round(diff / DAY), 'day');
    },
  };
}
export type Formatters = ReturnType<typeof formatters>;

export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  return useMemo(() => formatters(i18n.language ?? 'en'), [i18n.language]);
}
