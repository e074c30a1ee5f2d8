import { describe, expect, it } from 'vitest';
import { formatMoney, intlLocale } from './money.ts';

describe('formatMoney', () => {
  it('writes cents in the language’s format, with Intl’s symbol for other currencies', () => {
    expect(formatMoney(2500, 'eur', 'en')).toBe('€25.00');
    expect(formatMoney(123_456, 'EUR', 'de')).toBe('1.234,56\u00a0€');
    expect(formatMoney(2500, 'usd', 'en')).toBe('$25.00');
    expect(formatMoney(2500, 'not a currency', 'en')).toBe('25.00 NOT A CURRENCY');
    expect(intlLocale('md')).toBe('ro-MD');
  });

  it('uses the operator’s currency_symbol for the panel’s own currency, where the language puts the symbol', () => {
    const panel = { currency: 'RON', symbol: 'lei' };
    expect(formatMoney(1250, 'ron', 'en', panel)).toBe('lei\u00a012.50');
    expect(formatMoney(1250, 'RON', intlLocale('md'), panel)).toBe('12,50\u00a0lei');
    // Another currency keeps its own symbol; an empty setting keeps Intl's.
    expect(formatMoney(1250, 'EUR', 'en', panel)).toBe('€12.50');
    expect(formatMoney(1250, 'RON', 'en', { currency: 'RON', symbol: ' ' })).toBe('RON\u00a012.50');
    expect(formatMoney(1250, 'XYZ1', 'en', { currency: 'xyz1', symbol: '¤' })).toBe('12.50 ¤');
  });
});
