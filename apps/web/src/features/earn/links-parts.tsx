import type { LinkClaim, LinkProviderStatus } from '@hostdeck/contracts';
import { ExternalLink, Link as LinkIcon, ShieldCheck } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { useCoinText } from '../coins/coin-text.ts';
import { useStartLink } from './links-api.ts';
import { clock, durationText, useSecondsUntil } from './links-time.ts';

/**
 * One link provider: the reward, today's use of the daily limit, the cooldown and the minimum time,
 * and Start, which waits (with a live countdown) while the cooldown or the daily limit holds it back.
 */
export function ProviderCard({ provider: p, onAvailable }: { provider: LinkProviderStatus; onAvailable: () => void }) {
  const { t, i18n } = useTranslation();
  const coins = useCoinText();
  const f = useFormat();
  const id = useId();
  const start = useStartLink();
  const wait = useSecondsUntil(p.available_at);
  const limitReached = p.used_today >= p.daily_limit;
  // When the wait is over the overview is read again (the daily count may have dropped meanwhile).
  const waited = useRef(wait > 0);
  useEffect(() => {
    if (waited.current && wait === 0) onAvailable();
    waited.current = wait > 0;
  }, [wait, onAvailable]);
  const busy = start.isPending || start.isSuccess;
  const blocked = wait > 0 || limitReached;
  const duration = (s: number) => (s > 0 ? durationText(s, i18n.language) : t('links.none'));
  const reason = limitReached
    ? wait > 0
      ? t('links.limitReachedUntil', { time: clock(wait) })
      : t('links.limitReached')
    : wait > 0
      ? t('links.availableIn', { time: clock(wait) })
      : null;
  return (
    <li
      className="surface flex min-w-0 flex-col gap-4 p-4 sm:p-5"
      data-testid={`link-provider-${p.provider}`}
      aria-labelledby={id}
    >
      <div className="flex items-start gap-3">
        <LinkIcon className="size-10 shrink-0 rounded-xl bg-brand-500/10 p-2 text-brand-500" aria-hidden />
        <div className="min-w-0 flex-1">
          <h2 id={id} className="font-semibold break-words">
            {p.name}
          </h2>
          {p.verified_by_provider && (
            <span
              className="mt-1 inline-flex items-center gap-1 rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-700 dark:text-emerald-300"
              data-testid="link-verified"
              title={t('links.verifiedHint')}
            >
              <ShieldCheck className="size-3.5" aria-hidden />
              {t('links.verified')}
            </span>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-muted">{t('links.reward')}</dt>
          <dd className="font-semibold" data-testid="link-coins">
            {coins(p.coins)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('links.today')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="link-used">
            {t('links.usedOf', { used: f.number(p.used_today), limit: f.number(p.daily_limit) })}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('links.cooldown')}</dt>
          <dd className="font-semibold" data-testid="link-cooldown">
            {duration(p.cooldown_seconds)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('links.minTime')}</dt>
          <dd className="font-semibold" data-testid="link-min-time">
            {duration(p.min_seconds)}
          </dd>
        </div>
      </dl>
      {start.error && (
        <Alert>
          {start.error instanceof ApiError
            ? t(`errors.${start.error.code}`, { defaultValue: start.error.message })
            : t('errors.SERVER_ERROR')}
        </Alert>
      )}
      <div className="mt-auto flex flex-col gap-2">
        {reason && (
          <p className="text-sm text-muted tabular-nums" data-testid="link-wait" aria-live="off">
            {reason}
          </p>
        )}
        <Button
          data-testid="link-start"
          disabled={blocked || busy}
          onClick={() => {
            if (!blocked && !busy) start.mutate(p.provider);
          }}
          aria-label={t('links.startNamed', { name: p.name })}
        >
          <ExternalLink className="size-4" aria-hidden />
          {busy ? t('common.working') : t('links.start')}
        </Button>
      </div>
    </li>
  );
}

const statusTone: Record<LinkClaim['status'], string> = {
  pending: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  completed: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  rejected: 'bg-rose-500/15 text-rose-700 dark:text-rose-300',
  cancelled: 'bg-slate-500/15 text-slate-600 dark:text-slate-300',
  expired: 'bg-slate-500/15 text-slate-600 dark:text-slate-300',
};

const cell = 'px-4 py-2.5';

/** The member's latest links, newest first. */
export function RecentClaims({ claims, names }: { claims: LinkClaim[]; names: Record<string, string> }) {
  const { t } = useTranslation();
  const f = useFormat();
  const coins = useCoinText();
  const id = useId();
  return (
    <section className="surface flex flex-col gap-3 p-4 sm:p-6" aria-labelledby={id} data-testid="link-recent">
      <h2 id={id} className="text-lg font-semibold">
        {t('links.recent')}
      </h2>
      {claims.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted" data-testid="link-recent-empty">
          {t('links.recentEmpty')}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-muted uppercase">
              <tr>
                <th scope="col" className={cell}>
                  {t('links.provider')}
                </th>
                <th scope="col" className={cell}>
                  {t('links.status.title')}
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  {t('links.reward')}
                </th>
                <th scope="col" className={cell}>
                  {t('links.started')}
                </th>
                <th scope="col" className={cell}>
                  {t('links.completed')}
                </th>
              </tr>
            </thead>
            <tbody>
              {claims.map((c) => (
                <tr key={c.id} className="border-t border-slate-200 dark:border-slate-800" data-testid="link-claim">
                  <td className={`${cell} font-medium`}>{names[c.provider] ?? c.provider}</td>
                  <td className={cell}>
                    <span
                      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusTone[c.status]}`}
                      data-testid="link-claim-status"
                    >
                      {t(`links.status.${c.status}`)}
                    </span>
                  </td>
                  <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{coins(c.coins)}</td>
                  <td className={`${cell} whitespace-nowrap`}>
                    <time dateTime={c.created_at}>{f.dateTime(c.created_at)}</time>
                  </td>
                  <td className={`${cell} whitespace-nowrap`}>
                    {c.completed_at ? <time dateTime={c.completed_at}>{f.dateTime(c.completed_at)}</time> : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
