import type { CloudConfig } from '@hostdeck/contracts';
import { Cloud, PlugZap, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { useCan } from '../../lib/permissions.ts';
import { useCloudOverview, useCloudTest, useErrorText } from './api.ts';
import { BucketObjects, LocalBackups } from './cloud-tables.tsx';

/**
 * /mc-admin/mythicalcloud: backups kept in S3-compatible object storage. Local backups are uploaded
 * to the bucket; objects in the bucket are downloaded back as new, verified local backups.
 */
export function CloudPage() {
  const { t } = useTranslation();
  const overview = useCloudOverview();
  const errorText = useErrorText();
  if (overview.isPending) return <Loading label={t('common.loading')} />;
  if (overview.isError)
    return (
      <div className="mx-auto max-w-xl">
        <Alert>{errorText(overview.error)}</Alert>
      </div>
    );
  const { config, backups } = overview.data;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header>
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <Cloud className="size-6 text-brand-500" aria-hidden /> {t('cloud.title')}
        </h1>
        <p className="mt-1 text-sm text-muted">{t('cloud.subtitle')}</p>
      </header>
      <ConfigCard config={config} />
      {config.configured && <BucketObjects />}
      <LocalBackups backups={backups} configured={config.configured} />
    </div>
  );
}

function ConfigCard({ config }: { config: CloudConfig }) {
  const { t } = useTranslation();
  const canSettings = useCan('admin.settings.view');
  const test = useCloudTest();
  const errorText = useErrorText();
  const rows: [string, string][] = [
    [t('cloud.config.endpoint'), config.endpoint || t('cloud.config.aws')],
    [t('cloud.config.region'), config.region],
    [t('cloud.config.bucket'), config.bucket || '—'],
    [t('cloud.config.prefix'), config.prefix || '/'],
    [t('cloud.config.pathStyle'), config.path_style ? t('cloud.config.yes') : t('cloud.config.no')],
    [t('cloud.config.secret'), config.secret_access_key_set ? t('settings.secretSet') : t('settings.secretUnset')],
  ];
  return (
    <section
      aria-labelledby="cloud-config"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 p-5 dark:border-slate-800"
    >
      <h2 id="cloud-config" className="text-lg font-semibold">
        {t('cloud.config.title')}
      </h2>
      {!config.configured && (
        <Alert tone="info">
          <span data-testid="cloud-not-configured">{t('cloud.config.notConfigured')}</span>
        </Alert>
      )}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex min-w-0 gap-2">
            <dt className="text-muted">{label}:</dt>
            <dd className="min-w-0 font-medium break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        {config.configured && (
          <Button variant="secondary" disabled={test.isPending} onClick={() => test.mutate()}>
            <PlugZap className="size-4" aria-hidden /> {t('cloud.config.test')}
          </Button>
        )}
        {canSettings && (
          <Link
            to="/mc-admin/settings"
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand-600 hover:underline dark:text-brand-300"
          >
            <Settings className="size-4" aria-hidden /> {t('cloud.config.edit')}
          </Link>
        )}
      </div>
      {test.data && <Alert tone="success">{t('cloud.config.testOk', { bucket: test.data.bucket })}</Alert>}
      {test.error && <Alert>{errorText(test.error)}</Alert>}
    </section>
  );
}
