import type { CloudLocalBackup } from '@hostdeck/contracts';
import { CloudDownload, CloudUpload } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { useFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { useBytes } from '../tickets/ticket-parts.tsx';
import { useCloudDownload, useCloudObjects, useCloudUpload, useErrorText } from './api.ts';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 p-5 dark:border-slate-800"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase text-muted';
const td = 'px-3 py-2 align-middle';

/** The objects under the prefix; each can be downloaded into a new local backup. */
export function BucketObjects() {
  const { t } = useTranslation();
  const f = useFormat();
  const bytes = useBytes();
  const errorText = useErrorText();
  const canDownload = useCan('admin.mythicalcloud.download');
  const objects = useCloudObjects(true);
  const download = useCloudDownload();
  let body: ReactNode;
  if (objects.isPending) body = <Loading label={t('common.loading')} />;
  else if (objects.isError) body = <Alert>{errorText(objects.error)}</Alert>;
  else if (objects.data.objects.length === 0)
    body = <p className="text-sm text-muted">{t('cloud.objects.empty', { prefix: objects.data.prefix || '/' })}</p>;
  else
    body = (
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm" aria-label={t('cloud.objects.title')}>
          <thead>
            <tr>
              <th className={th}>{t('cloud.objects.key')}</th>
              <th className={th}>{t('cloud.objects.size')}</th>
              <th className={th}>{t('cloud.objects.modified')}</th>
              <th className={th}>
                <span className="sr-only">{t('cloud.objects.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {objects.data.objects.map((o) => (
              <tr key={o.key} data-testid="cloud-object" className="border-t border-slate-200 dark:border-slate-800">
                <td className={`${td} font-mono break-all`}>
                  {o.key}
                  {o.backup_id && <span className="ml-2 text-xs text-emerald-600">{t('cloud.objects.fromHere')}</span>}
                </td>
                <td className={td}>{bytes(o.size)}</td>
                <td className={td}>{o.last_modified ? f.dateTime(o.last_modified) : '—'}</td>
                <td className={`${td} text-right`}>
                  {canDownload && (
                    <Button
                      variant="secondary"
                      disabled={download.isPending}
                      onClick={() => download.mutate({ key: o.key })}
                      aria-label={t('cloud.objects.downloadNamed', { key: o.key })}
                    >
                      <CloudDownload className="size-4" aria-hidden /> {t('cloud.objects.download')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {objects.data.truncated && <p className="pt-2 text-xs text-muted">{t('cloud.objects.truncated')}</p>}
      </div>
    );
  return (
    <Section id="cloud-objects" title={t('cloud.objects.title')}>
      {download.data && (
        <Alert tone="success">{t('cloud.objects.downloaded', { file: download.data.backup.file_name })}</Alert>
      )}
      {download.error && <Alert>{errorText(download.error)}</Alert>}
      {body}
    </Section>
  );
}

/** The completed local backups; each can be uploaded to the bucket. */
export function LocalBackups({ backups, configured }: { backups: CloudLocalBackup[]; configured: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const bytes = useBytes();
  const errorText = useErrorText();
  const canUpload = useCan('admin.mythicalcloud.upload') && configured;
  const canListBackups = useCan('admin.backups.list');
  const upload = useCloudUpload();
  return (
    <Section id="cloud-local" title={t('cloud.local.title')}>
      {upload.data && <Alert tone="success">{t('cloud.local.uploaded', { file: upload.data.backup.file_name })}</Alert>}
      {upload.error && <Alert>{errorText(upload.error)}</Alert>}
      {backups.length === 0 ? (
        <div className="flex flex-col gap-1 text-sm text-muted" data-testid="cloud-local-empty">
          <p>{t('cloud.local.empty')}</p>
          <p>
            {t('cloud.local.emptyHint')}{' '}
            {canListBackups && (
              <Link to="/mc-admin/backups" className="text-brand-600 hover:underline dark:text-brand-300">
                {t('cloud.local.openBackups')}
              </Link>
            )}
          </p>
        </div>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm" aria-label={t('cloud.local.title')}>
            <thead>
              <tr>
                <th className={th}>{t('cloud.local.file')}</th>
                <th className={th}>{t('cloud.objects.size')}</th>
                <th className={th}>{t('cloud.local.created')}</th>
                <th className={th}>{t('cloud.local.cloud')}</th>
                <th className={th}>
                  <span className="sr-only">{t('cloud.objects.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {backups.map((b) => (
                <tr key={b.id} data-testid="cloud-local" className="border-t border-slate-200 dark:border-slate-800">
                  <td className={`${td} font-mono break-all`}>{b.file_name}</td>
                  <td className={td}>{b.size === null ? '—' : bytes(b.size)}</td>
                  <td className={td}>{f.dateTime(b.created_at)}</td>
                  <td className={td}>
                    {b.cloud_uploaded_at
                      ? t('cloud.local.uploadedAt', { date: f.dateTime(b.cloud_uploaded_at) })
                      : b.cloud_key
                        ? t('cloud.local.fromCloud')
                        : t('cloud.local.notUploaded')}
                  </td>
                  <td className={`${td} text-right`}>
                    {canUpload && (
                      <Button
                        variant="secondary"
                        disabled={upload.isPending}
                        onClick={() => upload.mutate({ backup_id: b.id })}
                        aria-label={t('cloud.local.uploadNamed', { file: b.file_name })}
                      >
                        <CloudUpload className="size-4" aria-hidden />{' '}
                        {b.cloud_uploaded_at ? t('cloud.local.uploadAgain') : t('cloud.local.upload')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
