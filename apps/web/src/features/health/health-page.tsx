import type { HealthCheck, HealthState } from '@hostdeck/contracts';
import { CircleAlert, CircleCheck, CircleX, HeartPulse, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { type Formatters, useFormat } from '../../lib/format.ts';
import { Skeleton } from '../admin-dashboard/widget-card.tsx';
import { useHealth } from './api.ts';

const look: Record<HealthState, { icon: typeof CircleCheck; tone: string; ring: string }> = {
  green: { icon: CircleCheck, tone: 'text-emerald-700 dark:text-emerald-400', ring: 'border-l-emerald-500' },
  amber: { icon: CircleAlert, tone: 'text-amber-700 dark:text-amber-400', ring: 'border-l-amber-500' },
  red: { icon: CircleX, tone: 'text-rose-600 dark:text-rose-400', ring: 'border-l-rose-500' },
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A check's placeholders in the member's language: numbers with their separators, the disk's
 * percentage and megabytes with their units, a time as a date and time. `count` stays a number, so
 * that it picks the plural form.
 */
export function localParams(params: HealthCheck['params'], f: Formatters): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string') out[key] = ISO_TIME.test(value) ? f.dateTime(value) : value;
    else if (key === 'count') out[key] = value;
    else if (key === 'percent') out[key] = f.percent(value);
    else if (key === 'free_mb') out[key] = f.megabytes(value);
    else out[key] = f.number(value);
  }
  return out;
}

function CheckRow({ check }: { check: HealthCheck }) {
  const { t } = useTranslation();
  const f = useFormat();
  const params = localParams(check.params, f);
  const { icon: Icon, tone, ring } = look[check.state];
  return (
    <li
      className={`surface flex items-start gap-3 border-l-4 p-4 ${ring}`}
      data-testid={`check-${check.key}`}
      data-state={check.state}
    >
      <Icon className={`mt-0.5 size-5 shrink-0 ${tone}`} aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="font-semibold">{t(`health.checks.${check.key}`)}</h2>
          <span className={`text-sm font-medium ${tone}`}>{t(`health.states.${check.state}`)}</span>
        </div>
        <p className="text-sm">{t(`health.reasons.${check.reason}`, params)}</p>
        {check.detail && <p className="break-words font-mono text-xs text-muted">{check.detail}</p>}
        {check.action && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <span className="font-medium">{t('health.whatToDo')}</span> {t(`health.actions.${check.action}`, params)}
          </p>
        )}
      </div>
    </li>
  );
}

/** /mc-admin/health: every dependency at a glance, with what to do about the ones that are not green. */
export function HealthPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const query = useHealth();
  const overall = query.data?.state;
  const Overall = overall ? look[overall].icon : HeartPulse;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <section className="surface flex flex-wrap items-center justify-between gap-3 p-6">
        <div className="flex items-center gap-3">
          <Overall className={`size-8 ${overall ? look[overall].tone : 'text-brand-400'}`} aria-hidden />
          <div>
            <h1 className="text-2xl font-bold">{t('admin.nav.health')}</h1>
            <p className="text-sm text-muted" data-testid="health-overall">
              {overall ? t(`health.overall.${overall}`) : t('health.checking')}
              {query.data && ` · ${t('health.checkedAt', { when: f.dateTime(query.data.checked_at) })}`}
            </p>
          </div>
        </div>
        <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCw className={`size-4 ${query.isFetching ? 'animate-spin' : ''}`} aria-hidden />
          {t('health.refresh')}
        </Button>
      </section>
      {query.isError && (
        <Alert tone="error">{t(`errors.${query.error instanceof ApiError ? query.error.code : 'SERVER_ERROR'}`)}</Alert>
      )}
      {query.isPending ? (
        <div className="surface p-6">
          <Skeleton lines={6} />
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {query.data?.checks.map((c) => (
            <CheckRow key={c.key} check={c} />
          ))}
        </ul>
      )}
    </div>
  );
}
