import { describe, expect, it } from 'vitest';
import { storePurchase } from './coin-reason.ts';

describe('a store purchase in the coin history', () => {
  it('is read from the reason the store writes, checked against its reference', () => {
    expect(storePurchase({ kind: 'store', reason: '2 × 5120 disk', reference: 'disk' })).toEqual({
      key: 'disk',
      packs: 2,
      amount: 5120,
    });
    expect(storePurchase({ kind: 'store', reason: '1 × 1 server_slots', reference: 'server_slots' })?.key).toBe(
      'server_slots',
    );
  });

  it('leaves any other reason as it is written', () => {
    expect(storePurchase({ kind: 'redeem', reason: '1 × 1024 ram', reference: 'ram' })).toBeNull();
    expect(storePurchase({ kind: 'store', reason: '1 × 1024 ram', reference: 'disk' })).toBeNull();
    expect(storePurchase({ kind: 'store', reason: 'Bought by hand', reference: 'ram' })).toBeNull();
    expect(storePurchase({ kind: 'store', reason: '1 × 1024 toString', reference: 'toString' })).toBeNull();
    expect(storePurchase({ kind: 'store', reason: null, reference: null })).toBeNull();
  });
});
