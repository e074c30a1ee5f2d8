import type { AccountSession } from '@hostdeck/contracts';
import { LogOut, Monitor, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { useFormat } from '../../lib/format.ts';
import { useErrorText } from '../discord/api.ts';
import { useAccountSessions, useRevokeOtherSessions, useRevokeSession } from './sessions-api.ts';

const icons = { desktop: Monitor, mobile: Smartphone, tablet: Tablet, other: MonitorSmartphone };

/** "Firefox 128 on Linux", from what the server parsed out of the user agent. */
function useDeviceName() {
  const { t } = useTranslation();
  return (s: AccountSession) => {
    const browser = s.browser ? [s.browser, s.browser_version?.split('.')[0]].filter(Boolean).join(' ') : null;
    const os = s.os ? [s.os, s.os_version].filter(Boolean).join(' ') : null;
    if (browser && os) return t('account.sessions.browserOn', { browser, os });
    return browser ?? os ?? t('account.sessions.unknownDevice');
  };
}

/**
 * /account#sessions: every signed-in session with its device, address and last use; ending one,
 * or every one but this ("sign out everywhere else"). The server ends them on every instance at once.
 */
export function SessionsSection() {
  const { t } = useTranslation();
  const f = useFormat();
  const id = useId();
  const errorText = useErrorText();
  const deviceName = useDeviceName();
  const sessions = useAccountSessions();
  const revoke = useRevokeSession();
  const others = useRevokeOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const list = sessions.data ?? [];
  const hasOthers = list.some((s) => !s.current);
  const error = revoke.error ?? others.error;
  return (
    <section
      id="sessions"
      className="surface flex scroll-mt-20 flex-col gap-4 p-4 sm:p-6"
      aria-labelledby={id}
      data-testid="sessions-section"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={id} className="text-lg font-semibold">
            {t('account.sessions.title')}
          </h2>
          <p className="text-sm text-muted">{t('account.sessions.subtitle')}</p>
        </div>
        {hasOthers && !confirming && (
          <Button
            variant="secondary"
            onClick={() => {
              others.reset();
              setConfirming(true);
            }}
            data-testid="sessions-revoke-others"
          >
            <LogOut className="size-4" aria-hidden />
            {t('account.sessions.revokeOthers')}
          </Button>
        )}
      </div>
      {confirming && (
        <div
          className="flex flex-col gap-3 rounded-xl border border-rose-500/40 bg-rose-500/5 p-3"
          data-testid="sessions-revoke-others-confirm"
        >
          <p className="text-sm">{t('account.sessions.revokeOthersConfirm')}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              disabled={others.isPending}
              data-testid="sessions-revoke-others-yes"
              onClick={() => others.mutate(undefined, { onSuccess: () => setConfirming(false) })}
            >
              {others.isPending ? t('common.working') : t('account.sessions.revokeOthersYes')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={others.isPending}>
              {t('resource.cancel')}
            </Button>
          </div>
        </div>
      )}
      {others.isSuccess && !confirming && (
        <Alert tone="success">{t('account.sessions.revokedOthers', { count: others.data.revoked })}</Alert>
      )}
      {error && <Alert>{errorText(error)}</Alert>}
      {sessions.isPending && <Loading label={t('common.loading')} />}
      {sessions.isError && <Alert>{errorText(sessions.error)}</Alert>}
      <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800" data-testid="sessions-list">
        {list.map((s) => {
          const Icon = icons[s.device_type];
          return (
            <li key={s.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="session-row">
              <Icon className="size-8 shrink-0 rounded-xl bg-slate-500/10 p-1.5 text-muted" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="break-words" data-testid="session-device">
                    {deviceName(s)}
                  </span>
                  {s.current && (
                    <span
                      className="rounded-full bg-brand-500/15 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:text-brand-300"
                      data-testid="session-current"
                    >
                      {t('account.sessions.thisDevice')}
                    </span>
                  )}
                </p>
                <p className="text-xs break-words text-muted">
                  {[
                    s.device,
                    s.ip ?? t('account.sessions.unknownIp'),
                    t(`account.sessions.methods.${s.method.split(':')[0]}`, {
                      provider: s.method.split(':')[1] ?? '',
                      defaultValue: s.method,
                    }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <p className="text-xs text-muted">
                  {t('account.sessions.lastSeen')}{' '}
                  <time dateTime={s.last_used_at} title={f.dateTime(s.last_used_at)}>
                    {f.relative(s.last_used_at)}
                  </time>
                  {' · '}
                  {t('account.sessions.signedIn')} <time dateTime={s.created_at}>{f.dateTime(s.created_at)}</time>
                </p>
              </div>
              {!s.current && (
                <Button
                  variant="secondary"
                  disabled={revoke.isPending && revoke.variables === s.id}
                  onClick={() => revoke.mutate(s.id)}
                  data-testid="session-revoke"
                  aria-label={t('account.sessions.revokeOne', { device: deviceName(s) })}
                >
                  {t('account.sessions.revoke')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
