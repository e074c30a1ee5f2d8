import { Coins, CreditCard, PackageX, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '../../components/ui/loading.tsx';
import { useSetting } from '../../lib/use-settings.ts';
import { useCoinText } from '../coins/coin-text.ts';
import { LoadError, PageHeader, StatePanel, secondaryLink } from '../servers/page-parts.tsx';
import { useStore } from './api.ts';
import { StoreItemCard } from './store-item-card.tsx';

/** /store: resource packs for coins; only the items on sale are shown. */
export function StorePage() {
  const { t } = useTranslation();
  const coins = useCoinText();
  const store = useStore();
  const topUp = useSetting<boolean>('credits_recharge_enabled') === true;
  if (store.isPending) return <Loading label={t('common.loading')} />;
  if (store.isError) return <LoadError error={store.error} />;
  const s = store.data;
  if (!s.enabled)
    return (
      <StatePanel
        icon={Store}
        tone="amber"
        testId="store-off"
        title={t('store.offTitle')}
        message={t('store.offMessage')}
      />
    );
  const items = s.items.filter((i) => i.enabled);
  if (items.length === 0)
    return (
      <StatePanel
        icon={PackageX}
        testId="store-empty"
        title={t('store.emptyTitle')}
        message={t('store.emptyMessage')}
      />
    );
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <PageHeader title={t('store.title')} subtitle={t('store.subtitle')} />
      <div className="flex flex-wrap items-center gap-3">
        <p className="flex w-fit items-center gap-2 rounded-2xl bg-amber-400/10 px-4 py-2 text-sm" aria-live="polite">
          <Coins className="size-5 text-amber-500 dark:text-coin" aria-hidden />
          {t('store.balance')}: <strong data-testid="store-balance">{coins(s.coins)}</strong>
        </p>
        {topUp && (
          <Link to="/store/add-credits" className={secondaryLink} data-testid="store-add-credits">
            <CreditCard className="size-4" aria-hidden />
            {t('nav.addCredits')}
          </Link>
        )}
      </div>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('store.title')}>
        {items.map((item) => (
          <StoreItemCard key={item.key} item={item} coins={s.coins} />
        ))}
      </ul>
    </div>
  );
}
