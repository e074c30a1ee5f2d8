import { Plug } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { PageToaster } from '../../components/ui/page-toaster.tsx';
import { LoadFailed } from '../admin/resource/resource-edit-page.tsx';
import { usePlugin, useSavePluginConfig } from './api.ts';
import { PluginConfigForm } from './plugin-config-form.tsx';

/** /mc-admin/plugins/:identifier/config: a plugin's settings, validated on save, every change audited. */
export function PluginConfigPage() {
  const { t } = useTranslation();
  const { identifier = '' } = useParams();
  const plugin = usePlugin(identifier);
  const save = useSavePluginConfig(identifier);
  // A saved form starts again from the server's answer (secrets empty, "clear" undone).
  const [saves, setSaves] = useState(0);
  if (plugin.isPending) return <Loading label={t('common.loading')} />;
  if (plugin.isError)
    return <LoadFailed error={plugin.error} retrying={plugin.isFetching} retry={() => void plugin.refetch()} />;
  const p = plugin.data.data;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-2xl font-bold break-words">
            <Plug className="size-6 shrink-0 text-brand-500" aria-hidden />
            {t('adminPlugins.configTitle', { name: p.name })}
          </h1>
          <p className="mt-1 text-sm text-muted">
            <span className="font-mono">{p.identifier}</span>
            {p.version && ` · ${t('adminPlugins.version', { version: p.version })}`}
            {' · '}
            {t(`adminPlugins.statuses.${p.status}`)}
          </p>
        </div>
        <Link to="/mc-admin/plugins" className="text-sm text-brand-600 hover:underline dark:text-brand-300">
          {t('adminPlugins.backToList')}
        </Link>
      </header>
      {!p.enabled && <Alert tone="info">{t('adminPlugins.notEnabled')}</Alert>}
      <section className="surface p-6">
        {p.config.length === 0 ? (
          <p className="text-sm text-muted">{t('adminPlugins.noConfig')}</p>
        ) : (
          <PluginConfigForm
            key={`${p.updated_at ?? ''}:${saves}`}
            plugin={p}
            save={(values) => save.mutateAsync(values)}
            onSaved={() => {
              setSaves((n) => n + 1);
              toast.success(t('adminPlugins.saved'));
            }}
          />
        )}
      </section>
      <PageToaster />
    </div>
  );
}
