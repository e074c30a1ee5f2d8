import type { Plugin } from '@hostdeck/contracts';
import { ExternalLink, Plug, RefreshCw, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { secondaryLink } from '../servers/page-parts.tsx';
import { usePlugins, useRescanPlugins, useSwitchPlugin } from './api.ts';

const statusTone: Record<Plugin['status'], string> = {
  enabled: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  disabled: 'bg-slate-500/15 text-slate-700 dark:text-slate-300',
  failed: 'bg-rose-500/15 text-rose-700 dark:text-rose-300',
  invalid: 'bg-rose-500/15 text-rose-700 dark:text-rose-300',
  incompatible: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
};

function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown) =>
    error instanceof ApiError ? t(`errors.${error.code}`, { defaultValue: error.message }) : t('errors.SERVER_ERROR');
}

/**
 * /mc-admin/plugins: every plugin the panel found (bundled, in DATA_DIR/plugins, npm hostdeck-plugin-*),
 * its state and why it is not running, what it hooks into, a switch (enabling needs no restart) and
 * its settings; rescanning finds folders copied in while the panel runs.
 */
export function PluginsPage() {
  const { t } = useTranslation();
  const list = usePlugins();
  const rescan = useRescanPlugins();
  const canEdit = useCan('admin.plugins.edit');
  const errorText = useErrorText();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold">
            <Plug className="size-6 text-brand-500" aria-hidden /> {t('adminPlugins.title')}
          </h1>
          <p className="mt-1 text-sm text-muted">{t('adminPlugins.subtitle')}</p>
        </div>
        {canEdit && (
          <Button variant="secondary" disabled={rescan.isPending} onClick={() => rescan.mutate()}>
            <RefreshCw className={`size-4 ${rescan.isPending ? 'animate-spin' : ''}`} aria-hidden />
            {t('adminPlugins.rescan')}
          </Button>
        )}
      </header>
      {rescan.error && <Alert>{errorText(rescan.error)}</Alert>}
      {rescan.isSuccess && <Alert tone="success">{t('adminPlugins.rescanned')}</Alert>}
      {list.isPending ? (
        <Loading label={t('common.loading')} />
      ) : list.isError ? (
        <Alert>{errorText(list.error)}</Alert>
      ) : list.data.data.length === 0 ? (
        <section className="surface flex flex-col gap-2 p-6" data-testid="plugins-empty">
          <h2 className="font-semibold">{t('adminPlugins.empty')}</h2>
          <p className="text-sm text-muted">{t('adminPlugins.emptyHelp')}</p>
        </section>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label={t('adminPlugins.title')}>
          {list.data.data.map((p) => (
            <PluginCard key={p.identifier} plugin={p} canEdit={canEdit} />
          ))}
        </ul>
      )}
    </div>
  );
}

function PluginCard({ plugin: p, canEdit }: { plugin: Plugin; canEdit: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const errorText = useErrorText();
  const toggle = useSwitchPlugin();
  const [confirming, setConfirming] = useState(false);
  const loadable = p.status !== 'invalid' && p.status !== 'incompatible';
  const change = (enable: boolean) =>
    toggle.mutate({ identifier: p.identifier, enable }, { onSuccess: () => setConfirming(false) });
  // Only a running plugin's code is loaded, so what it hooks into is known only then.
  const none = (
    <span className="text-muted">{t(p.status === 'enabled' ? 'adminPlugins.none' : 'adminPlugins.notLoaded')}</span>
  );
  return (
    <li className="surface flex flex-col gap-3 p-5" data-testid="plugin-card" data-plugin-id={p.identifier}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold break-words">
            {p.name}
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusTone[p.status]}`}
              data-testid="plugin-status"
            >
              {t(`adminPlugins.statuses.${p.status}`)}
            </span>
          </h2>
          <p className="mt-0.5 text-xs text-muted">
            <span className="font-mono">{p.identifier}</span>
            {' · '}
            {p.version ? t('adminPlugins.version', { version: p.version }) : t('adminPlugins.noVersion')}
            {p.author && ` · ${t('adminPlugins.by', { author: p.author })}`}
            {' · '}
            {t(`adminPlugins.sources.${p.source}`)}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={p.enabled}
          aria-label={t('adminPlugins.switch', { name: p.name })}
          title={loadable ? undefined : t('adminPlugins.cannotEnable')}
          disabled={!canEdit || !loadable || toggle.isPending}
          onClick={() => (p.enabled ? setConfirming(true) : change(true))}
          data-testid="plugin-switch"
          className={`relative h-6 w-11 shrink-0 rounded-full transition disabled:cursor-not-allowed disabled:opacity-50 ${p.enabled ? 'bg-brand-500' : 'bg-slate-400 dark:bg-slate-700'}`}
        >
          <span
            className={`absolute top-0.5 size-5 rounded-full bg-white transition ${p.enabled ? 'left-5.5' : 'left-0.5'}`}
          />
        </button>
      </div>
      {p.description && <p className="text-sm">{p.description}</p>}
      {p.error && (p.status === 'failed' || p.status === 'invalid' || p.status === 'incompatible') && (
        <div
          className="rounded-xl border border-rose-500/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-700 dark:text-rose-300"
          data-testid="plugin-error"
        >
          <span className="font-semibold">{t(`adminPlugins.reasons.${p.status}`)}</span>{' '}
          <span className="break-words">{p.error}</span>
        </div>
      )}
      {p.failures.total > 0 && (
        <p className="text-xs text-muted" data-testid="plugin-failures">
          {t('adminPlugins.failures', { total: p.failures.total, consecutive: p.failures.consecutive })}
          {p.failures.last_error &&
            ` · ${t('adminPlugins.lastError', {
              when: p.failures.last_at ? f.dateTime(p.failures.last_at) : '—',
              error: p.failures.last_error,
            })}`}
        </p>
      )}
      <dl className="grid gap-x-4 gap-y-1 text-xs sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-muted">{t('adminPlugins.hooks')}</dt>
        <dd className="flex flex-wrap gap-1" data-testid="plugin-hooks">
          {p.hooks.length
            ? p.hooks.map((h) => (
                <code key={h} className="rounded bg-slate-500/10 px-1.5 py-0.5">
                  {h}
                </code>
              ))
            : none}
        </dd>
        <dt className="font-semibold text-muted">{t('adminPlugins.routes')}</dt>
        <dd className="flex flex-wrap gap-1">
          {p.routes.length
            ? p.routes.map((r) => (
                <code key={`${r.method} ${r.path}`} className="rounded bg-slate-500/10 px-1.5 py-0.5">
                  {r.method} {r.path} ({r.access})
                </code>
              ))
            : none}
        </dd>
        <dt className="font-semibold text-muted">{t('adminPlugins.jobs')}</dt>
        <dd className="flex flex-wrap gap-1">
          {p.jobs.length
            ? p.jobs.map((j) => (
                <code key={j.name} className="rounded bg-slate-500/10 px-1.5 py-0.5">
                  {t('adminPlugins.job', { name: j.name, seconds: j.every_seconds })}
                </code>
              ))
            : none}
        </dd>
        {p.permissions.length > 0 && (
          <>
            <dt className="font-semibold text-muted">{t('adminPlugins.permissions')}</dt>
            <dd className="flex flex-wrap gap-1">
              {p.permissions.map((perm) => (
                <code key={perm.key} className="rounded bg-slate-500/10 px-1.5 py-0.5" title={perm.description}>
                  {perm.key}
                </code>
              ))}
            </dd>
          </>
        )}
      </dl>
      {toggle.error && !confirming && <Alert>{errorText(toggle.error)}</Alert>}
      {((canEdit && p.config_fields > 0) || p.homepage) && (
        <div className="flex flex-wrap gap-2">
          {canEdit && p.config_fields > 0 && (
            <Link
              to={`/mc-admin/plugins/${p.identifier}/config`}
              className={secondaryLink}
              aria-label={t('adminPlugins.configureNamed', { name: p.name })}
            >
              <Settings2 className="size-4" aria-hidden /> {t('adminPlugins.configure')}
            </Link>
          )}
          {p.homepage && (
            <a href={p.homepage} target="_blank" rel="noreferrer noopener" className={secondaryLink}>
              <ExternalLink className="size-4" aria-hidden /> {t('adminPlugins.homepage')}
            </a>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) toggle.reset();
        }}
        title={t('adminPlugins.disableTitle', { name: p.name })}
        message={t('adminPlugins.disableMessage')}
        confirmLabel={t('adminPlugins.disable')}
        onConfirm={() => change(false)}
        busy={toggle.isPending}
        error={confirming && toggle.error ? errorText(toggle.error) : null}
        testId="plugin-disable-dialog"
      />
    </li>
  );
}
