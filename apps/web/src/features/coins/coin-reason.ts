import type { CoinEntry } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format.ts';
import { formatItemAmount, type StoreItemKey, storeIcons } from '../store/store-items.ts';

/**
 * The store writes a purchase as "<packs> × <pack size> <item>" with the item as the reference
 * (apps/api store.service.ts): words of the server, in English. Read back, they are shown in the
 * member's language with units.
 */
const STORE_REASON = /^(\d+) × (\d+) ([a-z_]+)$/;

export function storePurchase(
  entry: Pick<CoinEntry, 'kind' | 'reason' | 'reference'>,
): { key: StoreItemKey; packs: number; amount: number } | null {
  if (entry.kind !== 'store' || !entry.reason || !entry.reference) return null;
  const match = STORE_REASON.exec(entry.reason);
  if (!match || match[3] !== entry.reference || !Object.hasOwn(storeIcons, entry.reference)) return null;
  return { key: entry.reference as StoreItemKey, packs: Number(match[1]), amount: Number(match[2]) };
}

/** An entry's reason as the member should read it: "Memory: 1 × 1,024 MB"; other reasons as written. */
export function useCoinReason(): (entry: Pick<CoinEntry, 'kind' | 'reason' | 'reference'>) => string {
  const { t } = useTranslation();
  const f = useFormat();
  return (entry) => {
    const purchase = storePurchase(entry);
    if (!purchase) return entry.reason ?? '—';
    return t('coins.storeReason', {
      item: t(`store.items.${purchase.key}.name`),
      packs: f.number(purchase.packs),
      amount: formatItemAmount(f, t, purchase.key, purchase.amount),
    });
  };
}
