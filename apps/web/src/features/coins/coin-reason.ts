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

/**
 * The other reasons the panel writes (apps/api: servers, gifts, referrals, redeem, j4r, links, AFK,
 * accounts, image hosting), each read back by its kind and its English words into a message with its
 * values. A reason that matches none (staff's own words on an adjustment, a plugin's) is shown as written.
 */
const reasons: { kind: string; words: RegExp; key: string; values: string[] }[] = [
  { kind: 'renew', words: /^Renewed "(.*)" for (\d+) days$/s, key: 'renew', values: ['name', 'days'] },
  // Usernames hold no colon: what follows the first one is the member's note.
  { kind: 'gift_out', words: /^To ([^:]+)$/, key: 'giftTo', values: ['name'] },
  { kind: 'gift_out', words: /^To ([^:]+): (.*)$/s, key: 'giftToNote', values: ['name', 'note'] },
  { kind: 'gift_in', words: /^From ([^:]+)$/, key: 'giftFrom', values: ['name'] },
  { kind: 'gift_in', words: /^From ([^:]+): (.*)$/s, key: 'giftFromNote', values: ['name', 'note'] },
  { kind: 'gift_fee', words: /^Fee on the gift to (.+)$/, key: 'giftFee', values: ['name'] },
  { kind: 'referral', words: /^A member you referred became active$/, key: 'referrer', values: [] },
  { kind: 'referral', words: /^Welcome bonus for joining through a referral$/, key: 'referred', values: [] },
  { kind: 'redeem', words: /^Code (.+)$/, key: 'code', values: ['code'] },
  { kind: 'early_supporter', words: /^Early supporter bonus$/, key: 'earlySupporter', values: [] },
  { kind: 'j4r', words: /^Joined (.+) on Discord$/s, key: 'joined', values: ['name'] },
  { kind: 'clawback', words: /^Left (.+) on Discord$/s, key: 'left', values: ['name'] },
  { kind: 'link', words: /^(.+) link$/, key: 'link', values: ['provider'] },
  { kind: 'afk', words: /^AFK, (\d+) s$/, key: 'afk', values: ['seconds'] },
  { kind: 'image_upload', words: /^Image upload$/, key: 'imageUpload', values: [] },
  { kind: 'refund', words: /^Image upload failed$/, key: 'imageRefund', values: [] },
  {
    kind: 'account_deleted',
    words: /^Balance written off: the account was deleted$/,
    key: 'accountDeleted',
    values: [],
  },
];

/** The message key and values of a reason the panel wrote; null for one it did not. */
export function panelReason(
  entry: Pick<CoinEntry, 'kind' | 'reason'>,
): { key: string; values: Record<string, string> } | null {
  if (!entry.reason) return null;
  for (const r of reasons) {
    if (r.kind !== entry.kind) continue;
    const match = r.words.exec(entry.reason);
    if (match) return { key: r.key, values: Object.fromEntries(r.values.map((v, i) => [v, match[i + 1] ?? ''])) };
  }
  return null;
}

/** An entry's reason as the member should read it: "Memory: 1 × 1,024 MB", "Renewed “mc” for 30 days". */
export function useCoinReason(): (entry: Pick<CoinEntry, 'kind' | 'reason' | 'reference'>) => string {
  const { t } = useTranslation();
  const f = useFormat();
  return (entry) => {
    const purchase = storePurchase(entry);
    if (!purchase) {
      const known = panelReason(entry);
      if (!known) return entry.reason ?? '—';
      const values = { ...known.values };
      if (values.days) values.days = f.number(Number(values.days));
      if (values.seconds) values.seconds = f.number(Number(values.seconds));
      // Values are shown as text (React escapes them); i18next must not escape them a second time.
      return t(`coins.reasons.${known.key}`, {
        ...values,
        ...(known.key === 'renew' ? { count: Number(known.values.days) } : {}),
        interpolation: { escapeValue: false },
      });
    }
    return t('coins.storeReason', {
      item: t(`store.items.${purchase.key}.name`),
      packs: f.number(purchase.packs),
      amount: formatItemAmount(f, t, purchase.key, purchase.amount),
    });
  };
}
