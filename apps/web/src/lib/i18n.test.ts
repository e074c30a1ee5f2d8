import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatters } from './format.ts';
import { changeLanguage, i18n, initI18n } from './i18n.ts';

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
});
afterAll(() => changeLanguage('en'));

describe('language details', () => {
  it('counts Moldovan as Romanian (one, few, other)', async () => {
    await changeLanguage('md');
    const coins = (n: number) => i18n.t('servers.coins', { count: n, amount: String(n) });
    expect(coins(1)).toBe('1 monedă');
    expect(coins(3)).toBe('3 monede');
    expect(coins(25)).toBe('25 de monede');
  });

  it('formats numbers, sizes and relative days for the language', () => {
    const now = Date.parse('2030-01-10T12:00:00Z');
    expect(formatters('de').megabytes(1024)).toBe('1.024 MB');
    expect(formatters('md').number(1024)).toBe('1.024');
    expect(formatters('en').relative('2030-01-15T12:00:00Z', now)).toBe('in 5 days');
    expect(formatters('fr').relative('2030-01-08T12:00:00Z', now)).toBe('avant-hier');
    expect(formatters('en').relative('2030-01-10T12:30:00Z', now)).toBe('in 30 minutes');
  });
});
