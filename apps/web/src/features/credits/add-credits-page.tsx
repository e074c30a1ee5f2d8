import type { Payment, TopUpOptions } from '@hostdeck/contracts';
import { CreditCard, PauseCircle, ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useMoney } from '../../lib/money.ts';
import { useCoinText } from '../coins/coin-text.ts';
import { LoadError, PageHeader, StatePanel } from '../servers/page-parts.tsx';
import { POLL_FOR_MS, useCapturePayPal, useStartPayment, useTopUpOptions } from './api.ts';
import { PaymentsHistory, ReturnNotice } from './payment-parts.tsx';
import { amountProblem, amountText, coinsFor, parseAmount, quickPicks } from './top-up.ts';

/** True once `ms` have passed since `active` became true (or since the last restart). */
function useDeadline(active: boolean, ms: number) {
  const [round, setRound] = useState(0);
  const [expired, setExpired] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a restart (round) starts the clock again
  useEffect(() => {
    setExpired(false);
    if (!active) return;
    const timer = setTimeout(() => setExpired(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms, round]);
  return { expired, restart: () => setRound((r) => r + 1) };
}

/**
 * /store/add-credits: buy coins with money. Pick or type an amount, see the coins it buys, pay on
 * Stripe's page; back from Stripe, wait for the confirmation. The member's payments and receipts below.
 */
export function AddCreditsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // Back from Stripe (?payment=) or from PayPal (?paypal= with PayPal's ?token= order id).
  const paymentId = params.get('payment') ?? params.get('paypal');
  const cancelled = params.has('cancelled');
  const capture = useCapturePayPal();
  const paypalOrder = params.has('paypal') ? params.get('token') : null;
  const captured = useRef(false);
  useEffect(() => {
    if (!paypalOrder || captured.current) return;
    captured.current = true;
    capture.mutate(paypalOrder);
  }, [paypalOrder, capture]);
  const deadline = useDeadline(paymentId !== null, POLL_FOR_MS);
  const options = useTopUpOptions(paymentId && !deadline.expired ? paymentId : null);
  if (options.isPending) return <Loading label={t('common.loading')} />;
  if (options.isError) return <LoadError error={options.error} />;
  const o = options.data;
  const returning = paymentId !== null || cancelled;
  if (!o.enabled && o.payments.length === 0 && !returning)
    return (
      <StatePanel
        icon={PauseCircle}
        tone="amber"
        testId="credits-off"
        title={t('credits.offTitle')}
        message={t('credits.offMessage')}
        back="/store"
        backLabel={t('credits.backToStore')}
      />
    );
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <PageHeader
        title={t('credits.title')}
        subtitle={t('credits.subtitle')}
        back="/store"
        backLabel={t('credits.backToStore')}
      />
      {returning && (
        <ReturnNotice
          paymentId={paymentId}
          cancelled={cancelled}
          payment={o.payments.find((p) => p.id === paymentId)}
          slow={deadline.expired}
          onCheckAgain={() => {
            deadline.restart();
            void options.refetch();
          }}
          onDismiss={() => setParams({}, { replace: true })}
        />
      )}
      {capture.error && (
        <Alert>
          <span data-testid="credits-capture-error">
            {t(`errors.${capture.error instanceof ApiError ? capture.error.code : 'SERVER_ERROR'}`)}
          </span>
        </Alert>
      )}
      {o.enabled ? (
        <TopUpForm options={o} />
      ) : (
        <Alert tone="info">
          <span data-testid="credits-off">
            <strong>{t('credits.offTitle')}.</strong> {t('credits.offMessage')}
          </span>
        </Alert>
      )}
      <PaymentsHistory payments={o.payments} />
    </div>
  );
}

const pickButton =
  'min-h-10 rounded-xl border px-4 text-sm font-semibold tabular-nums transition aria-pressed:border-brand-500 aria-pressed:bg-brand-500/15 aria-pressed:text-brand-700 dark:aria-pressed:text-brand-300 border-slate-300 hover:border-brand-400 dark:border-slate-700';

function TopUpForm({ options: o }: { options: TopUpOptions }) {
  const { t, i18n } = useTranslation();
  const coins = useCoinText();
  const id = useId();
  const start = useStartPayment();
  const picks = quickPicks(o.min_cents, o.max_cents);
  const [draft, setDraft] = useState(() => amountText(picks[0] ?? o.min_cents, i18n.language));
  const formatMoney = useMoney();
  const money = (cents: number) => formatMoney(cents, o.currency);
  const cents = parseAmount(draft);
  const problem = amountProblem(cents, o);
  // The form waits for a provider to be configured; each button is shown for its own provider.
  const block = o.providers.length > 0 ? problem : 'noProvider';
  const bought = cents !== null && problem === null ? coinsFor(cents, o.coins_per_unit) : null;
  const range = t('credits.range', { min: money(o.min_cents), max: money(o.max_cents) });
  const reasons = {
    noProvider: t('credits.reasons.noProvider'),
    invalid: t('credits.reasons.invalid', { example: amountText(1250, i18n.language) }),
    range: t('credits.reasons.range', { min: money(o.min_cents), max: money(o.max_cents) }),
    noCoins: t('credits.reasons.noCoins'),
  };
  const reason = block ? reasons[block] : null;
  const busy = start.isPending || start.isSuccess;
  // Back from Stripe with the browser's back button (page restored from the back/forward cache): pay again.
  const { reset } = start;
  useEffect(() => {
    const shown = (e: PageTransitionEvent) => {
      if (e.persisted) reset();
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, [reset]);
  const setAmount = (raw: string) => {
    setDraft(raw);
    if (start.error) start.reset();
  };
  const error = startError(start.error);
  const pay = (provider: Payment['provider']) => {
    if (block || cents === null || busy) return;
    start.mutate({ provider, amount_cents: cents });
  };
  /** A refusal in words; an out-of-range amount in the server's own limits (they may have just changed). */
  function startError(err: Error | null): string | null {
    if (!err) return null;
    if (!(err instanceof ApiError)) return t('errors.SERVER_ERROR');
    const bounds = err.code === 'TOPUP_OUT_OF_RANGE' ? err.fields.amount_cents?.match(/(\d+)\D+(\d+)/) : null;
    if (bounds) return t('credits.reasons.range', { min: money(Number(bounds[1])), max: money(Number(bounds[2])) });
    return t(`errors.${err.code}`, { defaultValue: err.message });
  }
  const rows: [string, ReactNode, string][] = [
    [t('credits.youPay'), cents === null ? '—' : money(cents), 'credits-total'],
    [t('credits.rate'), t('credits.rateValue', { money: money(100), coins: coins(o.coins_per_unit) }), 'credits-rate'],
  ];
  return (
    <form
      className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        pay(o.providers.includes('stripe') ? 'stripe' : 'paypal');
      }}
      data-testid="credits-form"
    >
      <section className="surface flex flex-col gap-4 p-5" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t('credits.chooseAmount')}
        </h2>
        {o.providers.length === 0 && (
          <p
            className="rounded-xl border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-800 dark:text-amber-200"
            data-testid="credits-no-provider"
          >
            <strong>{t('credits.noProviderTitle')}.</strong> {t('credits.noProviderMessage')}
          </p>
        )}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">
            {t('credits.quickPicks')}
          </legend>
          <div className="flex flex-wrap gap-2">
            {picks.map((c) => (
              <button
                key={c}
                type="button"
                className={pickButton}
                aria-pressed={cents === c}
                data-testid={`credits-pick-${c}`}
                onClick={() => setAmount(amountText(c, i18n.language))}
              >
                {money(c)}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-amount`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
            {t('credits.amountLabel', { currency: o.currency.toUpperCase() })}
          </label>
          <input
            id={`${id}-amount`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={draft}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={problem === 'invalid' || problem === 'range' ? true : undefined}
            aria-describedby={`${id}-range`}
            data-testid="credits-amount"
            className="min-h-10 max-w-60 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 tabular-nums focus:border-brand-400 aria-invalid:border-rose-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          />
          <p id={`${id}-range`} className="text-xs text-muted" data-testid="credits-range">
            {range}
          </p>
        </div>
      </section>
      <section className="surface flex flex-col gap-4 p-5" aria-labelledby={`${id}-summary`}>
        <h2 id={`${id}-summary`} className="sr-only">
          {t('credits.summary')}
        </h2>
        <dl className="divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-live="polite">
          {rows.map(([label, value, testId]) => (
            <div key={testId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5">
              <dt className="text-muted">{label}</dt>
              <dd className="font-semibold tabular-nums" data-testid={testId}>
                {value}
              </dd>
            </div>
          ))}
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5">
            <dt className="text-muted">{t('credits.youGet')}</dt>
            <dd className="text-lg font-bold text-amber-600 tabular-nums dark:text-coin" data-testid="credits-coins">
              {bought === null ? '—' : coins(bought)}
            </dd>
          </div>
        </dl>
        {error && <Alert>{error}</Alert>}
        {reason && (
          <p
            id={`${id}-reason`}
            className="text-sm font-medium text-amber-700 dark:text-amber-400"
            data-testid="credits-pay-reason"
          >
            {reason}
          </p>
        )}
        {(o.providers.includes('stripe') || o.providers.length === 0) && (
          <Button
            type="submit"
            data-testid="credits-pay"
            className="disabled:opacity-50"
            disabled={block !== null || busy}
            aria-describedby={reason ? `${id}-reason` : undefined}
          >
            <CreditCard className="size-4" aria-hidden />
            {busy && start.variables?.provider === 'stripe'
              ? t('credits.redirecting')
              : cents !== null && block === null
                ? t('credits.payAmount', { amount: money(cents) })
                : t('credits.pay')}
          </Button>
        )}
        {o.providers.includes('paypal') && (
          <Button
            type="button"
            variant="secondary"
            data-testid="credits-pay-paypal"
            className="disabled:opacity-50"
            disabled={block !== null || busy}
            onClick={() => pay('paypal')}
          >
            {busy && start.variables?.provider === 'paypal'
              ? t('credits.redirectingPayPal')
              : cents !== null && block === null
                ? t('credits.payPayPalAmount', { amount: money(cents) })
                : t('credits.payPayPal')}
          </Button>
        )}
        <p className="flex gap-2 text-xs text-muted">
          <ShieldCheck className="size-4 shrink-0 text-brand-500" aria-hidden />
          {t('credits.secureNote')}
        </p>
      </section>
    </form>
  );
}
