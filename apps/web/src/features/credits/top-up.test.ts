import { describe, expect, it } from 'vitest';
import { amountProblem, amountText, coinsFor, parseAmount, quickPicks } from './top-up.ts';

describe('top-up amounts', () => {
  it('buys floor(cents × coins per unit ÷ 100) coins, as the server reckons', () => {
    expect(coinsFor(2500, 100)).toBe(2500);
    expect(coinsFor(1234, 150)).toBe(1851);
    expect(coinsFor(50, 1)).toBe(0);
  });

  it('reads typed amounts with either decimal mark, at most two decimals', () => {
    expect(parseAmount('10')).toBe(1000);
    expect(parseAmount('12.5')).toBe(1250);
    expect(parseAmount('12,50')).toBe(1250);
    expect(parseAmount(' 1 000 ')).toBe(100_000);
    expect(parseAmount('10.')).toBe(1000);
    expect(parseAmount('0.07')).toBe(7);
    for (const bad of ['', 'ten', '1.234', '-5', '1e3', '.5', '1.2.3']) expect(parseAmount(bad), bad).toBeNull();
  });

  it('writes amounts back in the member’s language', () => {
    expect(amountText(1000, 'en')).toBe('10');
    expect(amountText(1250, 'en')).toBe('12.50');
    expect(amountText(1250, 'de')).toBe('12,50');
    expect(amountText(123_456, 'fr')).toBe('1234,56');
  });

  it('offers round quick picks within the limits, or the limits themselves', () => {
    expect(quickPicks(100, 100_000)).toEqual([500, 1000, 2000, 5000]);
    expect(quickPicks(1000, 3000)).toEqual([1000, 2000]);
    expect(quickPicks(50, 300)).toEqual([50, 300]);
    expect(quickPicks(300, 300)).toEqual([300]);
  });

  it('says what is wrong with an amount', () => {
    const o = { min_cents: 100, max_cents: 1000, coins_per_unit: 1 };
    expect(amountProblem(null, o)).toBe('invalid');
    expect(amountProblem(99, o)).toBe('range');
    expect(amountProblem(1001, o)).toBe('range');
    expect(amountProblem(150, o)).toBeNull();
    expect(amountProblem(150, { ...o, min_cents: 50, coins_per_unit: 0 })).toBe('noCoins');
  });
});
