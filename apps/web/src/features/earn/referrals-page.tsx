import type { ReferralsOverview } from '@hostdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { Check, Copy, PauseCircle, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/ui/loading.tsx';
import { api } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { LoadError, StatePanel } from '../servers/page-parts.tsx';

const tone = {
  pending: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  paid: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  refused: 'bg-rose-500/15 text-rose-700 dark:text-rose-300',
} as const;

/** /earn/referrals: the member's link and code, what a referral pays and when, and whom they referred. */
export function ReferralsPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const overview = useQuery({
    queryKey: ['earn', 'referrals'],
    queryFn: () => api<ReferralsOverview>('/api/earn/referrals'),
  });
  if (overview.isPending) return <Loading label={t('common.loading')} />;
  if (overview.isError) return <LoadError error={overview.error} />;
  const o = overview.data;
  if (!o.enabled)
    return (
      <StatePanel
        icon={PauseCircle}
        testId="referrals-off"
        title={t('referrals.offTitle')}
        message={t('referrals.offMessage')}
      />
    );
  const coins = (n: number) => t('servers.coins', { count: n, amount: f.number(n) });
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <header>
        <h1 className="text-2xl font-bold">{t('referrals.title')}</h1>
        <p className="text-sm text-muted">
          {t('referrals.explain', {
            you: coins(o.rewards.referrer),
            them: coins(o.rewards.referred),
            minutes: f.number(o.activity_minutes),
          })}
        </p>
      </header>
      <section className="surface flex flex-col gap-3 p-5">
        <CopyField label={t('referrals.link')} value={o.link} testId="referral-link" />
        <CopyField label={t('referrals.code')} value={o.code} testId="referral-code" />
        <p className="text-xs text-muted">{t('referrals.fairPlay')}</p>
      </section>
      <section className="surface flex flex-col gap-3 p-5" aria-labelledby="referred-title">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="referred-title" className="text-lg font-semibold">
            {t('referrals.referred')}
          </h2>
          <span className="text-sm text-muted" data-testid="referrals-earned">
            {t('referrals.earned', { coins: coins(o.earned) })}
          </span>
        </div>
        {o.referrals.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted">
            <Users className="size-8 text-slate-400" aria-hidden />
            {t('referrals.none')}
          </div>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
            {o.referrals.map((r) => (
              <li
                key={`${r.username}-${r.created_at}`}
                className="flex flex-wrap items-center gap-2 py-2"
                data-testid="referral-row"
              >
                <span className="font-medium">{r.username}</span>
                <span className={`rounded px-2 py-0.5 text-xs ${tone[r.status]}`} data-status={r.status}>
                  {t(`referrals.status.${r.status}`)}
                </span>
                {r.refusal && <span className="text-xs text-danger">{t(`referrals.refusal.${r.refusal}`)}</span>}
                <span className="ml-auto text-xs text-muted">{f.date(r.paid_at ?? r.created_at)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(value);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <span className="flex gap-2">
        <input
          readOnly
          value={value}
          data-testid={testId}
          onFocus={(e) => e.currentTarget.select()}
          className="min-h-10 w-full rounded-xl border border-slate-300 bg-white px-3 font-mono text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={t('referrals.copy', { what: label })}
          className="inline-flex min-h-10 items-center rounded-xl border border-slate-300 px-3 hover:border-brand-400 dark:border-slate-700"
        >
          {copied ? <Check className="size-4 text-emerald-500" aria-hidden /> : <Copy className="size-4" aria-hidden />}
        </button>
      </span>
    </label>
  );
}
