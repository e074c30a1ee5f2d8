import { type CoinKind, coinKinds } from '@hostdeck/contracts';
import { History } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { type CoinHistorySource, useCoinHistory } from './api.ts';
import { useCoinReason } from './coin-reason.ts';
import { useCoinText } from './coin-text.ts';

const select =
  'min-h-10 rounded-xl border border-slate-300 bg-white px-3 text-sm dark:border-slate-700 dark:bg-slate-900';
const pager = 'min-h-9 rounded-lg border border-slate-300 px-3 py-1 disabled:opacity-40 dark:border-slate-700';
const cell = 'md:px-4 md:py-2.5';

/** Green for coins in, rose for coins out. */
export function amountTone(amount: number): string {
  if (amount > 0) return 'text-emerald-700 dark:text-emerald-400';
  if (amount < 0) return 'text-rose-600 dark:text-rose-400';
  return 'text-muted';
}

/**
 * A member's coin history: a table on wide screens, one card per entry on phones (the same rows,
 * laid out by CSS); signed, coloured amounts; filter by kind; paging. `empty` says what to do next.
 */
export function CoinHistory({
  source,
  empty,
  perPage = 10,
}: {
  source: CoinHistorySource;
  empty: ReactNode;
  perPage?: number;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const coins = useCoinText();
  const reason = useCoinReason();
  const id = useId();
  // The cursor each visited page started from (keyset paging): page n is cursors[n - 1].
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const page = cursors.length;
  const [kind, setKind] = useState<CoinKind | ''>('');
  const history = useCoinHistory(source, page, perPage, kind, cursors[page - 1]);
  const data = history.data;
  return (
    <section
      className="surface flex flex-col gap-4 p-4 sm:p-6"
      aria-labelledby={`${id}-title`}
      data-testid="coin-history"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
            <History className="size-5 text-brand-500" aria-hidden />
            {t('coins.history')}
          </h2>
          {data && (
            <p className="mt-1 text-sm text-muted">
              {t('coins.balance')}:{' '}
              <strong className="text-slate-900 dark:text-slate-100" data-testid="coin-balance">
                {coins(data.balance)}
              </strong>
            </p>
          )}
        </div>
        <label className="flex flex-col gap-1 text-xs font-medium text-muted">
          {t('coins.kind')}
          <select
            className={select}
            value={kind}
            data-testid="coin-kind-filter"
            onChange={(e) => {
              setKind(e.target.value as CoinKind | '');
              setCursors([undefined]);
            }}
          >
            <option value="">{t('coins.allKinds')}</option>
            {coinKinds.map((k) => (
              <option key={k} value={k}>
                {t(`coins.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {history.isPending && <Loading label={t('common.loading')} />}
      {history.isError && (
        <Alert>{t(`errors.${history.error instanceof ApiError ? history.error.code : 'SERVER_ERROR'}`)}</Alert>
      )}
      {data && data.data.length === 0 && (
        <div className="flex flex-col items-center gap-3 py-6 text-center text-sm text-muted" data-testid="coin-empty">
          {kind ? (
            <>
              <p>{t('coins.emptyKind', { kind: t(`coins.kinds.${kind}`) })}</p>
              <Button
                variant="secondary"
                onClick={() => {
                  setKind('');
                  setCursors([undefined]);
                }}
              >
                {t('coins.showAll')}
              </Button>
            </>
          ) : (
            empty
          )}
        </div>
      )}
      {data && data.data.length > 0 && (
        <table className="block w-full text-left text-sm md:table" aria-busy={history.isFetching}>
          <caption className="sr-only">{t('coins.history')}</caption>
          <thead className="hidden text-xs text-muted uppercase md:table-header-group">
            <tr>
              <th scope="col" className="px-4 py-2">
                {t('coins.date')}
              </th>
              <th scope="col" className="px-4 py-2">
                {t('coins.kind')}
              </th>
              <th scope="col" className="px-4 py-2">
                {t('coins.reason')}
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                {t('coins.change')}
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                {t('coins.balanceAfter')}
              </th>
            </tr>
          </thead>
          <tbody className="block md:table-row-group">
            {data.data.map((e) => (
              <tr
                key={e.id}
                data-testid="coin-entry"
                data-kind={e.kind}
                className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-t border-slate-200 py-3 md:table-row md:py-0 dark:border-slate-800"
              >
                <td className={`order-4 text-xs text-muted md:text-sm md:whitespace-nowrap ${cell}`}>
                  <time dateTime={e.created_at}>{f.dateTime(e.created_at)}</time>
                </td>
                <td className={`order-1 font-medium ${cell}`}>
                  {t(`coins.kinds.${e.kind}`, { defaultValue: e.kind })}
                </td>
                <td
                  className={`order-3 col-span-2 break-words text-slate-600 dark:text-slate-400 ${cell}`}
                  data-testid="coin-reason"
                >
                  {reason(e)}
                </td>
                <td
                  className={`order-2 text-right font-semibold whitespace-nowrap tabular-nums ${amountTone(e.amount)} ${cell}`}
                  data-testid="coin-amount"
                >
                  {f.signed(e.amount)}
                </td>
                <td className={`order-5 text-right text-xs whitespace-nowrap tabular-nums md:text-sm ${cell}`}>
                  <span className="text-muted md:hidden">{t('coins.balanceAfter')}: </span>
                  {f.number(e.balance_after)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && data.total_pages > 1 && (
        <nav className="flex flex-wrap items-center justify-between gap-2 text-sm" aria-label={t('resource.pages')}>
          <span className="text-muted">
            {t('resource.pageOf', {
              page: f.number(data.page),
              pages: f.number(data.total_pages),
              total: f.number(data.total),
            })}
          </span>
          <div className="flex gap-2">
            <button
              type="button"
              className={pager}
              disabled={page <= 1}
              onClick={() => setCursors(cursors.slice(0, -1))}
            >
              {t('resource.previous')}
            </button>
            <button
              type="button"
              className={pager}
              disabled={!data.next_cursor}
              onClick={() => data.next_cursor && setCursors([...cursors, data.next_cursor])}
            >
              {t('resource.next')}
            </button>
          </div>
        </nav>
      )}
    </section>
  );
}
