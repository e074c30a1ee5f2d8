import type { Payment } from '@hostdeck/contracts';
import { intlLocale } from '../../lib/format.ts';

/** Coins an amount buys, as the server reckons it: cents × coins per unit ÷ 100, rounded down. */
export const coinsFor = (cents: number, coinsPerUnit: number) => Math.floor((cents * coinsPerUnit) / 100);

/** Round amounts (in whole units of the currency) offered as quick picks when they fall within the limits. */
const PICKS = [5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000];

/** Up to four quick picks (cents) within min..max; the limits themselves when no round amount fits. */
export function quickPicks(min: number, max: number): number[] {
  const round = PICKS.map((u) => u * 100).filter((c) => c >= min && c <= max);
  if (round.length > 0) return round.slice(0, 4);
  return min < max ? [min, max] : [min];
}

/**
 * The cents of a typed amount: "10", "12.5", "12,50" (either decimal mark; spaces ignored), at most
 * two decimals; null when it is not such a number.
 */
export function parseAmount(raw: string): number | null {
  const text = raw.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{0,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** An amount as the input shows it in the member's language: "10", "12.50", "12,50". */
export function amountText(cents: number, lng: string): string {
  return new Intl.NumberFormat(intlLocale(lng), {
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(cents / 100);
}

/** What is wrong with an amount (a translation key under credits.reasons); null when it can be paid. */
export function amountProblem(
  cents: number | null,
  o: { min_cents: number; max_cents: number; coins_per_unit: number },
): 'invalid' | 'range' | 'noCoins' | null {
  if (cents === null) return 'invalid';
  if (cents < o.min_cents || cents > o.max_cents) return 'range';
  if (coinsFor(cents, o.coins_per_unit) < 1) return 'noCoins';
  return null;
}

export const receiptPath = (p: Pick<Payment, 'id'>) => `/store/add-credits/receipts/${encodeURIComponent(p.id)}`;
