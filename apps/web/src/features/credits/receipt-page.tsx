import type { Receipt } from '@hostdeck/contracts';
import { FileX, Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { useMoney } from '../../lib/money.ts';
import { useCoinText } from '../coins/coin-text.ts';
import { LoadError, StatePanel } from '../servers/page-parts.tsx';
import { useReceipt } from './api.ts';

type Party = Receipt['data']['seller'] | Receipt['data']['buyer'];

/**
 * /store/add-credits/receipts/:id: the receipt of a completed payment, laid out to print on its own
 * (the shell hides itself in print; the toolbar too).
 */
export function ReceiptPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const receipt = useReceipt(id);
  if (receipt.isPending) return <Loading label={t('common.loading')} />;
  if (receipt.isError) {
    // Not the member's, not completed, or not a payment id at all: there is no receipt here.
    if (receipt.error instanceof ApiError && [400, 404].includes(receipt.error.status))
      return (
        <StatePanel
          icon={FileX}
          testId="receipt-missing"
          title={t('receipt.missingTitle')}
          message={t('receipt.missingMessage')}
          back="/store/add-credits"
          backLabel={t('receipt.back')}
        />
      );
    return <LoadError error={receipt.error} />;
  }
  return <ReceiptView receipt={receipt.data} />;
}

function ReceiptView({ receipt: r }: { receipt: Receipt['data'] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = useMoney();
  const coins = useCoinText();
  const p = r.payment;
  const paidAt = p.completed_at ?? p.created_at;
  const amount = money(p.amount_cents, p.currency);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 print:max-w-none">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden" data-testid="receipt-toolbar">
        <Link
          to="/store/add-credits"
          className="text-sm font-semibold text-brand-600 hover:underline dark:text-brand-300"
        >
          {t('receipt.back')}
        </Link>
        <Button variant="secondary" onClick={() => window.print()} data-testid="receipt-print">
          <Printer className="size-4" aria-hidden />
          {t('receipt.print')}
        </Button>
      </div>
      <article
        className="surface flex flex-col gap-8 p-6 sm:p-10 print:rounded-none print:border-0 print:bg-white print:p-0 print:text-black print:shadow-none"
        aria-labelledby="receipt-title"
        data-testid="receipt"
      >
        <header className="flex flex-wrap items-start justify-between gap-6">
          <div>
            <h1 id="receipt-title" className="text-3xl font-bold tracking-tight">
              {t('receipt.title')}
            </h1>
            <p className="mt-1 text-sm text-muted">{r.seller.name}</p>
          </div>
          <dl className="grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm">
            <dt className="text-muted">{t('receipt.number')}</dt>
            <dd className="font-semibold tabular-nums" data-testid="receipt-number">
              {r.number}
            </dd>
            <dt className="text-muted">{t('receipt.date')}</dt>
            <dd data-testid="receipt-date">
              <time dateTime={paidAt}>{f.dateTime(paidAt)}</time>
            </dd>
            <dt className="text-muted">{t('receipt.status')}</dt>
            <dd
              className="font-semibold text-emerald-700 uppercase dark:text-emerald-400 print:text-black!"
              data-testid="receipt-status"
            >
              {p.status === 'completed' ? t('receipt.paid') : t(`credits.status.${p.status}`)}
            </dd>
          </dl>
        </header>
        <div className="grid gap-6 sm:grid-cols-2 print:grid-cols-2">
          <PartyBlock title={t('receipt.seller')} party={r.seller} testId="receipt-seller" />
          <PartyBlock title={t('receipt.buyer')} party={r.buyer} testId="receipt-buyer" />
        </div>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('receipt.title')}</caption>
          <thead className="border-b border-slate-300 text-xs text-muted uppercase dark:border-slate-700 print:border-slate-400">
            <tr>
              <th scope="col" className="w-full py-2 pr-4">
                {t('receipt.description')}
              </th>
              <th scope="col" className="py-2 text-right">
                {t('receipt.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-slate-200 dark:border-slate-800 print:border-slate-300">
              <td className="py-3 pr-4" data-testid="receipt-line">
                {coins(p.coins)}
              </td>
              <td className="py-3 text-right whitespace-nowrap tabular-nums">{amount}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="pt-3 pr-4 text-right font-semibold whitespace-nowrap">
                {t('receipt.total')}
              </th>
              <td
                className="pt-3 text-right text-lg font-bold whitespace-nowrap tabular-nums"
                data-testid="receipt-amount"
              >
                {amount}
              </td>
            </tr>
          </tfoot>
        </table>
        <p className="text-xs text-muted" data-testid="receipt-method">
          {t('receipt.method', { method: t(`credits.providers.${p.provider}`), date: f.date(paidAt), id: p.id })}
        </p>
      </article>
    </div>
  );
}

/** Seller or buyer: name, company, street, postcode and city, region, country, VAT number, email. */
function PartyBlock({ title, party, testId }: { title: string; party: Party; testId: string }) {
  const { t } = useTranslation();
  const lines = [
    party.company && party.company !== party.name ? party.company : null,
    party.address,
    [party.zip, party.city].filter(Boolean).join(' ') || null,
    party.state,
    party.country,
    party.vat ? t('receipt.vat', { vat: party.vat }) : null,
    'email' in party ? party.email : null,
  ].filter((l): l is string => Boolean(l?.trim()));
  return (
    <section data-testid={testId} aria-label={title}>
      <h2 className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">{title}</h2>
      <address className="flex flex-col text-sm not-italic">
        <strong className="font-semibold">{party.name}</strong>
        {[...new Set(lines)].map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
    </section>
  );
}
