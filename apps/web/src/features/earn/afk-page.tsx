import type { AfkStatus } from '@hostdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { Coins, Hourglass, MonitorSmartphone, PauseCircle, ShieldAlert, Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Loading } from '../../components/ui/loading.tsx';
import { Stat } from '../../components/ui/stat.tsx';
import { api } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { sessionManager } from '../../lib/session-manager.ts';
import { LoadError, StatePanel } from '../servers/page-parts.tsx';
import { useAdblockCheck } from './adblock-check.ts';
import { AdblockNotice } from './adblock-notice.tsx';
import { type AfkState, useAfkSocket } from './use-afk-socket.ts';

/** /earn/afk: keeps a server-timed session open and shows what it earns. */
export function AfkPage() {
  const { t } = useTranslation();
  const adblock = useAdblockCheck();
  const status = useQuery({
    queryKey: ['earn', 'afk'],
    queryFn: () => api<AfkStatus>('/api/earn/afk'),
    staleTime: 0,
  });
  if (status.isPending) return <Loading label={t('common.loading')} />;
  if (status.isError) return <LoadError error={status.error} />;
  if (!status.data.enabled)
    return <StatePanel icon={PauseCircle} testId="afk-off" title={t('afk.offTitle')} message={t('afk.offMessage')} />;
  if (adblock.state.status === 'blocked' || adblock.state.status === 'error')
    return (
      <div className="mx-auto max-w-3xl">
        <AdblockNotice onRetry={adblock.retry} />
      </div>
    );
  if (adblock.state.status === 'checking') return <Loading label={t('adblock.checking')} />;
  return <AfkSession minutes={status.data.minutes} adblockToken={adblock.state.token} onAdblock={adblock.retry} />;
}

function AfkSession(props: { minutes: number; adblockToken: string | null; onAdblock: () => void }) {
  const { minutes, adblockToken, onAdblock } = props;
  const { t } = useTranslation();
  const f = useFormat();
  // Each payout changes the balance in the top bar: the session is read again.
  const { state, reconnect } = useAfkSocket(() => void sessionManager.reload(), adblockToken);
  if (state.phase === 'lost') return <Navigate to="/ws?from=/earn/afk" replace />;
  if (state.phase === 'refused' && state.refusal === 'ADBLOCK_DETECTED')
    return (
      <div className="mx-auto max-w-3xl">
        <AdblockNotice onRetry={onAdblock} />
      </div>
    );
  if (state.phase === 'refused')
    return (
      <StatePanel
        icon={ShieldAlert}
        tone="amber"
        testId="afk-refused"
        title={t('afk.refusedTitle')}
        message={t(`errors.${state.refusal ?? 'FORBIDDEN'}`)}
      />
    );
  if (state.phase === 'disabled')
    return <StatePanel icon={PauseCircle} testId="afk-off" title={t('afk.offTitle')} message={t('afk.offMessage')} />;
  if (state.phase === 'taken_over')
    return (
      <StatePanel
        icon={MonitorSmartphone}
        tone="amber"
        testId="afk-taken-over"
        title={t('afk.takenOverTitle')}
        message={t('afk.takenOverMessage')}
      >
        <button
          type="button"
          onClick={reconnect}
          data-testid="afk-continue-here"
          className="inline-flex min-h-10 items-center rounded-xl border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-brand-400 dark:border-slate-700"
        >
          {t('afk.continueHere')}
        </button>
      </StatePanel>
    );
  const capPercent = state.dailyCap > 0 ? Math.min(100, (state.earnedToday / state.dailyCap) * 100) : 0;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <header>
        <h1 className="text-2xl font-bold">{t('afk.title')}</h1>
        <p className="text-sm text-muted">{t('afk.subtitle')}</p>
      </header>
      <section className="surface flex flex-col items-center gap-4 p-6 text-center" data-testid="afk-session">
        {state.phase === 'connecting' ? (
          <Loading label={t('afk.connecting')} />
        ) : state.phase === 'capped' ? (
          <div data-testid="afk-capped" className="flex flex-col items-center gap-2">
            <Hourglass className="size-10 text-amber-500" aria-hidden />
            <p className="font-semibold">{t('afk.cappedTitle')}</p>
            <p className="text-sm text-muted">{t('afk.cappedMessage')}</p>
          </div>
        ) : (
          <Countdown state={state} />
        )}
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="afk-rate">
          {t('afk.rate', {
            coins: t('servers.coins', { count: state.coinsPerInterval, amount: f.number(state.coinsPerInterval) }),
            seconds: f.number(state.intervalSeconds),
          })}
        </p>
      </section>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Stat icon={Coins} label={t('afk.earnedHere')} value={f.number(state.earnedHere)} testId="afk-earned-here" />
        <Stat icon={Timer} label={t('afk.minutes')} value={f.number(state.minutes ?? minutes)} testId="afk-minutes" />
        <div className="surface flex flex-col gap-2 p-4">
          <dt className="text-xs text-muted">{t('afk.today')}</dt>
          {/* The bar is part of the value: a description list's group holds only its <dt> and <dd>. */}
          <dd className="flex flex-col gap-2">
            <span className="font-semibold tabular-nums" data-testid="afk-today">
              {f.number(state.earnedToday)} / {f.number(state.dailyCap)}
            </span>
            <div
              className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
              role="progressbar"
              aria-label={t('afk.today')}
              aria-valuemin={0}
              aria-valuemax={state.dailyCap}
              aria-valuenow={state.earnedToday}
            >
              <div className="h-full bg-brand-500" style={{ width: `${capPercent}%` }} />
            </div>
          </dd>
        </div>
      </dl>
      <p className="text-xs text-muted">{t('afk.keepVisible')}</p>
    </div>
  );
}

/** Seconds to the next payout, redrawn each second from the interval the server last reported. */
function Countdown({ state }: { state: AfkState }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, state.intervalSeconds - Math.floor((now - state.intervalStartedAt) / 1000));
  return (
    <div className="flex flex-col items-center gap-1" data-testid="afk-countdown">
      <span className="text-5xl font-bold tabular-nums" aria-live="off">
        {left}
      </span>
      <span className="text-sm text-muted">{t('afk.nextPayout')}</span>
    </div>
  );
}
