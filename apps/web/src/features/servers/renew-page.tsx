import type { ServerDetail } from '@hostdeck/contracts';
import { CalendarCheck, CalendarOff, Coins } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { useRenewServer } from './api.ts';
import { PageHeader, StatePanel, secondaryLink } from './page-parts.tsx';
import { ServerGate } from './server-gate.tsx';

/** /server/:id/renew: the price, the balance and the new expiry, all before the member confirms. */
export function RenewServerPage() {
  return (
    <ServerGate refused={['missing', 'other_panel']}>
      {(detail, id) => <RenewView detail={detail} id={id} />}
    </ServerGate>
  );
}

function RenewView({ detail, id }: { detail: ServerDetail; id: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const renew = useRenewServer(id);
  const { data: server, renewal } = detail;
  const coins = (n: number) => t('servers.coins', { count: n, amount: f.number(n) });
  if (!renewal.enabled)
    return (
      <StatePanel
        icon={CalendarOff}
        testId="renewal-off"
        title={t('servers.renew.offTitle')}
        message={t('servers.renew.offMessage')}
      />
    );
  if (renew.data) {
    const expires = renew.data.data.expires_at;
    return (
      <StatePanel
        icon={CalendarCheck}
        tone="slate"
        testId="renew-done"
        title={t('servers.renew.doneTitle', { name: renew.data.data.name })}
        message={
          <>
            {expires && t('servers.renew.doneExpiry', { date: f.dateTime(expires) })}{' '}
            {t('servers.renew.doneBalance', { coins: coins(renew.data.coins) })}
          </>
        }
      />
    );
  }
  const short = renewal.coins < renewal.cost;
  const error =
    renew.error instanceof ApiError
      ? t(`errors.${renew.error.code}`, { defaultValue: renew.error.message })
      : renew.error
        ? t('errors.SERVER_ERROR')
        : null;
  const rows: [string, ReactNode, string?][] = [
    [
      t('servers.renew.currentExpiry'),
      server.expires_at ? (
        <time key="current" dateTime={server.expires_at}>
          {f.dateTime(server.expires_at)} · {f.relative(server.expires_at)}
        </time>
      ) : (
        t('servers.noExpiry')
      ),
    ],
    [t('servers.renew.adds'), t('servers.days', { count: renewal.days, amount: f.number(renewal.days) })],
    [t('servers.renew.cost'), coins(renewal.cost), 'renew-cost'],
    [t('servers.renew.balance'), coins(renewal.coins), 'renew-balance'],
    [t('servers.renew.after'), short ? '—' : coins(renewal.coins - renewal.cost)],
    [
      t('servers.renew.newExpiry'),
      <time key="new" dateTime={renewal.new_expires_at} className="text-emerald-700 dark:text-emerald-400">
        {f.dateTime(renewal.new_expires_at)}
      </time>,
      'renew-new-expiry',
    ],
  ];
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5">
      <PageHeader title={t('servers.renew.title', { name: server.name })} subtitle={t('servers.renew.subtitle')} />
      <dl className="surface divide-y divide-slate-200 px-5 py-2 text-sm dark:divide-slate-800">
        {rows.map(([label, value, testId]) => (
          <div key={label} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
            <dt className="text-muted">{label}</dt>
            <dd className="font-semibold" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {error && <Alert>{error}</Alert>}
      {short && (
        <Alert>
          <span id="renew-short" data-testid="renew-short">
            {t('servers.renew.short', { coins: coins(renewal.cost - renewal.coins) })}
          </span>
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Link to="/dashboard" className={secondaryLink}>
          {t('resource.cancel')}
        </Link>
        <Button
          data-testid="renew-confirm"
          disabled={short || renew.isPending}
          aria-describedby={short ? 'renew-short' : undefined}
          onClick={() => renew.mutate()}
        >
          <Coins className="size-4" aria-hidden />
          {renew.isPending ? t('common.working') : t('servers.renew.confirm', { coins: coins(renewal.cost) })}
        </Button>
      </div>
    </div>
  );
}
