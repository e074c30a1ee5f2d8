import type { StoreItem } from '@hostdeck/contracts';
import { ArrowRight, Minus, Plus, ShoppingCart } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { useCoinText } from '../coins/coin-text.ts';
import { usePurchase } from './api.ts';
import { formatItemAmount, packBounds, storeIcons } from './store-items.ts';

const stepButton =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-xl border border-slate-300 hover:border-brand-400 disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-700';

/**
 * One item of the store: what it is, the price and size of a pack, the limit now and after, a packs
 * stepper held between 1 and what both the cap and the coins allow, and the total before buying.
 */
export function StoreItemCard({ item, coins }: { item: StoreItem; coins: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const coinText = useCoinText();
  const id = useId();
  const purchase = usePurchase();
  const [packs, setPacks] = useState(1);
  const [draft, setDraft] = useState<string | null>(null);
  const key = item.key;
  const Icon = storeIcons[key];
  const amount = (n: number) => formatItemAmount(f, t, key, n);
  const { max } = packBounds(item, coins);
  const capped = item.packs_left < 1;
  const short = !capped && max < 1;
  const blocked = capped || short;
  const chosen = Math.min(Math.max(1, packs), Math.max(1, max));
  const total = chosen * item.price;
  const after = item.current + chosen * item.amount;
  const name = t(`store.items.${key}.name`);
  const reason = capped
    ? t('store.capReached', { max: amount(item.max) })
    : short
      ? t('store.notEnoughCoins', { price: coinText(item.price), coins: coinText(coins) })
      : null;
  const commit = (raw: string) => {
    setDraft(null);
    const n = Math.round(Number(raw));
    setPacks(Number.isFinite(n) && raw.trim() !== '' ? Math.min(Math.max(1, n), Math.max(1, max)) : 1);
  };
  const error =
    purchase.error instanceof ApiError
      ? t(`errors.${purchase.error.code}`, { defaultValue: purchase.error.message })
      : purchase.error
        ? t('errors.SERVER_ERROR')
        : null;
  const buy = () => {
    if (blocked || purchase.isPending) return;
    purchase.mutate(
      { item: key, packs: chosen },
      {
        onSuccess: () => {
          setPacks(1);
          setDraft(null);
        },
      },
    );
  };
  return (
    <li
      className="surface flex min-w-0 flex-col gap-4 p-4 sm:p-5"
      data-testid={`store-item-${key}`}
      aria-labelledby={`${id}-name`}
    >
      <div className="flex items-start gap-3">
        <Icon className="size-10 shrink-0 rounded-xl bg-brand-500/10 p-2 text-brand-500" aria-hidden />
        <div className="min-w-0">
          <h2 id={`${id}-name`} className="font-semibold">
            {name}
          </h2>
          <p className="text-sm text-muted">{t(`store.items.${key}.description`)}</p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-muted">{t('store.price')}</dt>
          <dd className="font-semibold" data-testid={`store-price-${key}`}>
            {coinText(item.price)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('store.packSize')}</dt>
          <dd className="font-semibold" data-testid={`store-pack-${key}`}>
            +{amount(item.amount)}
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs text-muted">{t('store.limit')}</dt>
          <dd
            className="flex flex-wrap items-center gap-x-2 font-semibold tabular-nums"
            data-testid={`store-limit-${key}`}
          >
            <span>{amount(item.current)}</span>
            {!blocked && (
              <>
                <ArrowRight className="size-4 text-slate-400" aria-hidden />
                <span className="sr-only">{t('store.becomes')}</span>
                <span className="text-emerald-700 dark:text-emerald-400" data-testid={`store-after-${key}`}>
                  {amount(after)}
                </span>
              </>
            )}
            <span className="text-xs font-normal text-muted">{t('store.cap', { max: amount(item.max) })}</span>
          </dd>
        </div>
      </dl>
      {purchase.data && (
        <Alert tone="success">
          <span data-testid={`store-result-${key}`}>
            {t('store.bought', {
              item: name,
              limit: amount(purchase.data.item.current),
              coins: coinText(purchase.data.balance),
            })}
          </span>
        </Alert>
      )}
      {error && <Alert>{error}</Alert>}
      <div className="mt-auto flex flex-col gap-3">
        <div className="flex flex-col gap-3">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-packs`} className="text-sm font-medium">
              {t('store.packs')}
            </label>
            <div className="flex items-center gap-2">
              <button
                type="button"
                className={stepButton}
                aria-label={t('store.fewer', { item: name })}
                data-testid={`store-minus-${key}`}
                disabled={blocked || chosen <= 1}
                onClick={() => {
                  setDraft(null);
                  setPacks(chosen - 1);
                }}
              >
                <Minus className="size-4" aria-hidden />
              </button>
              <input
                id={`${id}-packs`}
                type="number"
                inputMode="numeric"
                min={1}
                max={Math.max(1, max)}
                step={1}
                data-testid={`store-packs-${key}`}
                aria-describedby={`${id}-range`}
                disabled={blocked}
                value={draft ?? String(chosen)}
                onChange={(e) => {
                  const raw = e.target.value;
                  setDraft(raw);
                  const n = Number(raw);
                  if (raw.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= max) setPacks(n);
                }}
                onBlur={(e) => commit(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    commit(e.currentTarget.value);
                  }
                }}
                className="min-h-10 w-20 rounded-xl border border-slate-300 bg-white px-3 text-center text-sm tabular-nums disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900"
              />
              <button
                type="button"
                className={stepButton}
                aria-label={t('store.more', { item: name })}
                data-testid={`store-plus-${key}`}
                disabled={blocked || chosen >= max}
                onClick={() => {
                  setDraft(null);
                  setPacks(chosen + 1);
                }}
              >
                <Plus className="size-4" aria-hidden />
              </button>
            </div>
            <p id={`${id}-range`} className="text-xs text-muted">
              {blocked ? t('store.noPacks') : t('store.packsRange', { count: max, amount: f.number(max) })}
            </p>
          </div>
          <p className="flex items-baseline justify-between gap-3 border-t border-slate-200 pt-3 dark:border-slate-800">
            <span className="text-sm text-muted">{t('store.total')}</span>
            <span className="text-lg font-bold tabular-nums" data-testid={`store-total-${key}`}>
              {coinText(blocked ? item.price : total)}
            </span>
          </p>
        </div>
        {reason && (
          <p
            id={`${id}-reason`}
            className="text-sm font-medium text-amber-700 dark:text-amber-400"
            data-testid={`store-reason-${key}`}
          >
            {reason}
          </p>
        )}
        <Button
          data-testid={`store-buy-${key}`}
          className="disabled:opacity-50"
          disabled={blocked || purchase.isPending}
          aria-describedby={reason ? `${id}-reason` : undefined}
          onClick={buy}
        >
          <ShoppingCart className="size-4" aria-hidden />
          {purchase.isPending ? t('common.working') : t('store.buy', { coins: coinText(blocked ? item.price : total) })}
        </Button>
      </div>
    </li>
  );
}
