import type { Payment } from '@hostdeck/contracts';
import { CircleCheck, CircleX, Clock, FileText, LoaderCircle, Undo2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Notice, noticeLink } from '../../components/ui/notice.tsx';
import { useFormat } from '../../lib/format.ts';
import { useMoney } from '../../lib/money.ts';
import { useBalanceChanged } from '../coins/api.ts';
import { useCoinText } from '../coins/coin-text.ts';
import { receiptPath } from './top-up.ts';

const badgeTone: Record<Payment['status'], string> = {
  pending: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  completed: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  failed: 'bg-rose-500/15 text-rose-700 dark:text-rose-300',
};

export function StatusBadge({ status }: { status: Payment['status'] }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeTone[status]}`}
      data-testid="credits-payment-status"
    >
      {t(`credits.status.${status}`)}
    </span>
  );
}

const cell = 'md:px-4 md:py-2.5';

/** The member's payments, newest first: a table on wide screens, one card per payment on phones. */
export function PaymentsHistory({ payments }: { payments: Payment[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = useMoney();
  const coins = useCoinText();
  const id = useId();
  return (
    <section className="surface flex flex-col gap-3 p-4 sm:p-6" aria-labelledby={id} data-testid="credits-history">
      <h2 id={id} className="text-lg font-semibold">
        {t('credits.history.title')}
      </h2>
      {payments.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted" data-testid="credits-history-empty">
          {t('credits.history.empty')}
        </p>
      ) : (
        <table className="block w-full text-left text-sm md:table">
          <caption className="sr-only">{t('credits.history.title')}</caption>
          <thead className="hidden text-xs text-muted uppercase md:table-header-group">
            <tr>
              <th scope="col" className="px-4 py-2">
                {t('credits.history.date')}
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                {t('credits.history.amount')}
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                {t('credits.history.coins')}
              </th>
              <th scope="col" className="px-4 py-2">
                {t('credits.history.status')}
              </th>
              <th scope="col" className="px-4 py-2">
                <span className="sr-only">{t('credits.history.receipt')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="block md:table-row-group">
            {payments.map((p) => (
              <tr
                key={p.id}
                data-testid="credits-payment"
                data-payment-id={p.id}
                data-status={p.status}
                className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 border-t border-slate-200 py-3 md:table-row md:py-0 dark:border-slate-800"
              >
                <td className={`order-3 text-xs text-muted md:text-sm md:whitespace-nowrap ${cell}`}>
                  <time dateTime={p.created_at}>{f.dateTime(p.created_at)}</time>
                </td>
                <td
                  className={`order-1 font-semibold tabular-nums md:text-right ${cell}`}
                  data-testid="credits-payment-amount"
                >
                  {money(p.amount_cents, p.currency)}
                </td>
                <td
                  className={`order-2 text-right tabular-nums md:whitespace-nowrap ${cell}`}
                  data-testid="credits-payment-coins"
                >
                  {coins(p.coins)}
                </td>
                <td className={`order-4 text-right md:text-left ${cell}`}>
                  <StatusBadge status={p.status} />
                </td>
                <td className={`order-5 col-span-2 md:text-right ${cell}`}>
                  {p.status === 'completed' && (
                    <Link
                      to={receiptPath(p)}
                      className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-600 hover:underline dark:text-brand-300"
                      data-testid="credits-receipt-link"
                      aria-label={t('credits.history.receiptFor', { date: f.date(p.created_at) })}
                    >
                      <FileText className="size-4" aria-hidden />
                      {t('credits.history.receipt')}
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * Back from Stripe: with ?payment=<id>, "waiting for confirmation" while the page polls, then the
 * coins credited (the session is reloaded once so the top bar follows) or the failure, or a "slow"
 * note after a minute; with ?cancelled=<id>, a calm "nothing was charged".
 */
export function ReturnNotice({
  paymentId,
  cancelled,
  payment,
  slow,
  onCheckAgain,
  onDismiss,
}: {
  paymentId: string | null;
  cancelled: boolean;
  payment: Payment | undefined;
  slow: boolean;
  onCheckAgain: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const coins = useCoinText();
  const changed = useBalanceChanged();
  const credited = useRef<string | null>(null);
  const completed = paymentId !== null && payment?.status === 'completed';
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per completed payment, not on every render
  useEffect(() => {
    if (completed && credited.current !== paymentId) {
      credited.current = paymentId;
      changed();
    }
  }, [completed, paymentId]);
  const dismiss = (
    <button type="button" className={noticeLink} onClick={onDismiss} data-testid="credits-return-dismiss">
      {t('credits.return.dismiss')}
    </button>
  );
  if (cancelled && !paymentId)
    return (
      <Notice
        icon={Undo2}
        tone="slate"
        testId="credits-return-cancelled"
        title={t('credits.return.cancelledTitle')}
        actions={dismiss}
      >
        {t('credits.return.cancelledMessage')}
      </Notice>
    );
  if (!paymentId) return null;
  if (payment?.status === 'completed')
    return (
      <Notice
        icon={CircleCheck}
        tone="emerald"
        testId="credits-return-done"
        title={t('credits.return.doneTitle', { coins: coins(payment.coins) })}
        actions={
          <>
            <Link to={receiptPath(payment)} className={noticeLink} data-testid="credits-return-receipt">
              {t('credits.return.viewReceipt')}
            </Link>
            {dismiss}
          </>
        }
      >
        {t('credits.return.doneMessage', { amount: money(payment.amount_cents, payment.currency) })}
      </Notice>
    );
  if (payment?.status === 'failed')
    return (
      <Notice
        icon={CircleX}
        tone="rose"
        testId="credits-return-failed"
        title={t('credits.return.failedTitle')}
        actions={dismiss}
      >
        {t('credits.return.failedMessage')}
      </Notice>
    );
  if (slow)
    return (
      <Notice
        icon={Clock}
        tone="amber"
        testId="credits-return-slow"
        title={t('credits.return.slowTitle')}
        actions={
          <Button variant="secondary" onClick={onCheckAgain} data-testid="credits-return-check">
            {t('credits.return.checkAgain')}
          </Button>
        }
      >
        {t('credits.return.slowMessage')}
      </Notice>
    );
  return (
    <Notice
      icon={LoaderCircle}
      spin
      tone="sky"
      testId="credits-return-waiting"
      title={t('credits.return.waitingTitle')}
    >
      {t('credits.return.waitingMessage')}
    </Notice>
  );
}
