import type { CoinEntry } from '@hostdeck/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n.ts';
import { renderPage } from '../../test/render.tsx';
import { panelReason, storePurchase, useCoinReason } from './coin-reason.ts';

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

describe('the reasons the panel writes', () => {
  it('are read back by kind and words, with their values; a reason written by a person is not', () => {
    expect(panelReason({ kind: 'renew', reason: 'Renewed "My: server" for 30 days' })).toEqual({
      key: 'renew',
      values: { name: 'My: server', days: '30' },
    });
    expect(panelReason({ kind: 'gift_in', reason: 'From ada: for the server: thanks' })).toEqual({
      key: 'giftFromNote',
      values: { name: 'ada', note: 'for the server: thanks' },
    });
    expect(panelReason({ kind: 'gift_out', reason: 'To bob' })).toEqual({ key: 'giftTo', values: { name: 'bob' } });
    expect(panelReason({ kind: 'redeem', reason: 'Code WELCOME' })?.values).toEqual({ code: 'WELCOME' });
    // The kind must match too, and staff's own words stay theirs.
    expect(panelReason({ kind: 'admin_adjustment', reason: 'Code WELCOME' })).toBeNull();
    expect(panelReason({ kind: 'admin_adjustment', reason: 'Compensation for the outage' })).toBeNull();
    expect(panelReason({ kind: 'renew', reason: null })).toBeNull();
  });

  it('read in the member’s language, with the values in place and not escaped twice', async () => {
    const entries: Pick<CoinEntry, 'kind' | 'reason' | 'reference'>[] = [
      { kind: 'renew', reason: 'Renewed "Tom & Jerry" for 30 days', reference: null },
      { kind: 'gift_fee', reason: 'Fee on the gift to bob', reference: null },
      { kind: 'admin_adjustment', reason: 'Ausgleich', reference: null },
    ];
    function Reasons() {
      const reason = useCoinReason();
      return (
        <ul>
          {entries.map((e) => (
            <li key={e.reason}>{reason(e)}</li>
          ))}
        </ul>
      );
    }
    await renderPage(<Reasons />, { path: '/', url: '/' });
    try {
      await changeLanguage('de');
      await screen.findByText('Gebühr für das Geschenk an bob');
      expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        '„Tom & Jerry“ für 30 Tage verlängert',
        'Gebühr für das Geschenk an bob',
        'Ausgleich',
      ]);
    } finally {
      await changeLanguage('en');
    }
  });
});
