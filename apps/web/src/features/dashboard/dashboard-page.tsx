import { Coins, Cpu, Database, HardDrive, MemoryStick, Network, Save, Server, ShieldCheck, Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PluginSlot } from '../../components/ui/plugin-slot.tsx';
import { Stat } from '../../components/ui/stat.tsx';
import { useFormat } from '../../lib/format.ts';
import { useSession } from '../../lib/use-session.ts';
import { VerifyEmailNotice } from '../account/verify-email-notice.tsx';
import { ServersPanel } from './servers-panel.tsx';

const limits = [
  { key: 'memory_limit', label: 'dashboard.memory', unit: 'megabyte', icon: MemoryStick },
  { key: 'cpu_limit', label: 'dashboard.cpu', unit: '%', icon: Cpu },
  { key: 'disk_limit', label: 'dashboard.disk', unit: 'megabyte', icon: HardDrive },
  { key: 'server_limit', label: 'dashboard.servers', unit: '', icon: Server },
  { key: 'allocation_limit', label: 'dashboard.ports', unit: '', icon: Network },
  { key: 'database_limit', label: 'dashboard.databases', unit: '', icon: Database },
  { key: 'backup_limit', label: 'dashboard.backups', unit: '', icon: Save },
] as const;

export function DashboardPage() {
  const { t } = useTranslation();
  const { data } = useSession();
  const info = data?.userInfo ?? {};
  // The session's counts (specification §3: cached with it): server slots in use, tickets not closed.
  const stats = data?.stats ?? {};
  const f = useFormat();
  const fmt = (n: unknown) => f.number(Number(n ?? 0));
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <VerifyEmailNotice />
      <section className="surface flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">{t('dashboard.greeting', { name: info.first_name ?? info.username })}</h1>
          <p className="mt-1 text-sm text-muted">{t('dashboard.subtitle')}</p>
        </div>
        <div className="flex items-center gap-3 rounded-2xl bg-amber-400/10 px-5 py-3">
          <Coins className="size-8 text-amber-500 dark:text-coin" aria-hidden />
          <div>
            <p className="text-xs tracking-wide text-muted uppercase">{t('dashboard.coins')}</p>
            <p className="text-2xl font-bold" data-testid="coins">
              {fmt(info.credits)}
            </p>
          </div>
        </div>
      </section>

      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="session-stats">
        <Stat
          icon={Server}
          label={t('dashboard.slotsInUse')}
          value={`${fmt(stats.servers)} / ${fmt(info.server_limit)}`}
          testId="stat-servers"
        />
        <Stat icon={Ticket} label={t('dashboard.openTickets')} value={fmt(stats.tickets)} testId="stat-tickets" />
      </dl>

      <section aria-labelledby="limits-title">
        <h2 id="limits-title" className="mb-3 text-lg font-semibold">
          {t('dashboard.limits')}
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {limits.map((l) => (
            <li key={l.key} className="surface flex items-center gap-3 p-4" data-testid={`limit-${l.key}`}>
              <l.icon className="size-6 shrink-0 text-brand-400" aria-hidden />
              <div className="min-w-0">
                <p className="text-xs leading-tight text-muted hyphens-auto break-words">{t(l.label)}</p>
                <p className="text-lg font-semibold">
                  {fmt(info[l.key])}
                  {l.unit && (
                    <span className="ml-1 text-xs font-normal text-muted">
                      {l.unit === 'megabyte' ? f.megabyteSign() : l.unit}
                    </span>
                  )}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <ServersPanel />

      <PluginSlot name="dashboard.cards" className="grid grid-cols-1 gap-4 md:grid-cols-2" />

      <section className="surface flex flex-wrap items-center justify-between gap-4 p-6">
        <div className="flex items-center gap-3">
          <ShieldCheck className={`size-6 ${info.two_fa_enabled ? 'text-brand-400' : 'text-muted'}`} aria-hidden />
          <div>
            <h2 className="text-lg font-semibold">{t('dashboard.securityTitle')}</h2>
            <p className="text-sm text-muted">
              {t(info.two_fa_enabled ? 'dashboard.twoFactorOn' : 'dashboard.twoFactorOff')}
            </p>
          </div>
        </div>
        {!info.two_fa_enabled && (
          <Link
            to="/auth/2fa/setup"
            className="rounded-xl border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-brand-400 dark:border-slate-700"
          >
            {t('dashboard.setupTwoFactor')}
          </Link>
        )}
      </section>
    </div>
  );
}
