/**
 * How money is written, the same in the web client and in the API's mails. No dependencies: it runs
 * in Node and in the browser.
 */

/** The Intl locale of a language of the app (Moldovan formats as Romanian of Moldova). */
export function intlLocale(lng: string): string {
  return lng === 'md' ? 'ro-MD' : lng;
}

/** The panel's own currency (setting `currency`) and the symbol the operator shows for it (`currency_symbol`). */
export interface PanelCurrency {
  currency: string;
  symbol: string;
}

const currencyFormats = new Map<string, Intl.NumberFormat | null>();
function currencyFormat(locale: string, code: string): Intl.NumberFormat | null {
  const key = `${locale}|${code}`;
  if (!currencyFormats.has(key)) {
    try {
      currencyFormats.set(key, new Intl.NumberFormat(locale, { style: 'currency', currency: code }));
    } catch {
      currencyFormats.set(key, null);
    }
  }
  return currencyFormats.get(key) ?? null;
}

/**
 * "€12.50", "12,50 €": an amount in cents (hundredths) of an ISO 4217 currency (any case), in the
 * language's number format and symbol placement. An amount in the panel's own currency carries the
 * operator's currency_symbol instead of Intl's; a code Intl does not know is written after the number.
 */
export function formatMoney(cents: number, currency: string, locale: string, panel?: PanelCurrency): string {
  const code = currency.toUpperCase();
  const own = panel && panel.symbol.trim() !== '' && panel.currency.toUpperCase() === code ? panel.symbol : null;
  const fmt = currencyFormat(locale, code);
  if (!fmt) {
    const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return `${number.format(cents / 100)} ${own ?? code}`;
  }
  if (own === null) return fmt.format(cents / 100);
  return fmt
    .formatToParts(cents / 100)
    .map((p) => (p.type === 'currency' ? own : p.value))
    .join('');
}

/** The largest balance a member can hold (a 32-bit integer, as the ledger stores it). */
export const COINS_MAX = 2_147_483_647;
