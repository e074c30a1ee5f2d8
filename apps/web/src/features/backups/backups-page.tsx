import { type Backup, ROOT_PERMISSION } from '@hostdeck/contracts';
import { DatabaseBackup, Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { useBytes } from '../tickets/ticket-parts.tsx';
import { downloadUrl, useBackups, useCreateBackup, useDeleteBackup } from './api.ts';

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase text-muted';
const td = 'px-3 py-2 align-middle';

function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown) => t(`errors.${error instanceof ApiError ? error.code : 'SERVER_ERROR'}`);
}

/**
 * /mc-admin/backups: consistent snapshots of the whole database, made on the server in the background
 * (the list is polled while one runs), downloaded as gzip files, deleted with their file.
 */
export function BackupsPage() {
  const { t } = useTranslation();
  const list = useBackups();
  const create = useCreateBackup();
  const canCreate = useCan('admin.backups.create');
  const errorText = useErrorText();
  const running = list.data?.backups.some((b) => b.status === 'running') ?? false;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold">
            <DatabaseBackup className="size-6 text-brand-500" aria-hidden /> {t('backups.title')}
          </h1>
          <p className="mt-1 text-sm text-muted">{t('backups.subtitle')}</p>
        </div>
        {canCreate && (
          <Button disabled={create.isPending || running} onClick={() => create.mutate()}>
            <DatabaseBackup className="size-4" aria-hidden /> {t('backups.create')}
          </Button>
        )}
      </header>
      {create.error && <Alert>{errorText(create.error)}</Alert>}
      {list.isPending ? (
        <Loading label={t('common.loading')} />
      ) : list.isError ? (
        <Alert>{errorText(list.error)}</Alert>
      ) : list.data.backups.length === 0 ? (
        <p className="text-sm text-muted" data-testid="backups-empty">
          {t(canCreate ? 'backups.empty' : 'backups.emptyNoCreate')}
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800">
          <table className="w-full text-sm" aria-label={t('backups.title')}>
            <thead>
              <tr>
                <th className={th}>{t('backups.created')}</th>
                <th className={th}>{t('backups.kind')}</th>
                <th className={th}>{t('backups.size')}</th>
                <th className={th}>{t('backups.status')}</th>
                <th className={th}>{t('backups.contents')}</th>
                <th className={th}>
                  <span className="sr-only">{t('backups.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.backups.map((b) => (
                <BackupRow key={b.id} backup={b} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function BackupRow({ backup: b }: { backup: Backup }) {
  const { t } = useTranslation();
  const f = useFormat();
  const bytes = useBytes();
  const canDelete = useCan('admin.backups.delete');
  // A backup holds every secret: only admin.root may download one (the API says the same).
  const canDownload = useCan(ROOT_PERMISSION);
  const remove = useDeleteBackup();
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const tables = b.manifest ? Object.keys(b.manifest.tables).length : 0;
  const rows = b.manifest ? Object.values(b.manifest.tables).reduce((a, n) => a + n, 0) : 0;
  return (
    <tr data-testid="backup-row" className="border-t border-slate-200 dark:border-slate-800">
      <td className={td}>
        <div>{f.dateTime(b.created_at)}</div>
        <div className="font-mono text-xs break-all text-muted">{b.file_name}</div>
      </td>
      <td className={td}>{t(`backups.kinds.${b.kind}`)}</td>
      <td className={td} data-testid="backup-size">
        {b.size === null ? '—' : bytes(b.size)}
      </td>
      <td className={td}>
        {b.status === 'running' ? (
          <div className="flex min-w-32 flex-col gap-1">
            <span>{t('backups.running', { progress: b.progress })}</span>
            <progress className="w-full" max={100} value={b.progress} aria-label={t('backups.progress')} />
          </div>
        ) : b.status === 'failed' ? (
          <span className="text-rose-600" title={b.error ?? undefined}>
            {t('backups.failed')}
          </span>
        ) : (
          <span className="text-emerald-600">{t('backups.completed')}</span>
        )}
      </td>
      <td className={`${td} text-muted`}>
        {b.manifest ? t('backups.counts', { tables, rows, version: b.manifest.app_version }) : '—'}
      </td>
      <td className={`${td} text-right`}>
        <div className="flex flex-wrap justify-end gap-2">
          {canDownload && b.status === 'completed' && (
            <a
              href={downloadUrl(b.id)}
              download={b.file_name}
              aria-label={t('backups.downloadNamed', { file: b.file_name })}
              className="inline-flex min-h-10 items-center gap-2 rounded-xl border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-white dark:border-slate-700 dark:hover:bg-slate-800"
            >
              <Download className="size-4" aria-hidden /> {t('backups.download')}
            </a>
          )}
          {canDelete && b.status !== 'running' && !confirming && (
            <Button
              variant="ghost"
              onClick={() => setConfirming(true)}
              aria-label={t('backups.deleteNamed', { file: b.file_name })}
            >
              <Trash2 className="size-4" aria-hidden /> {t('backups.delete')}
            </Button>
          )}
          {confirming && (
            <>
              <Button
                variant="danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate(b.id, { onSettled: () => setConfirming(false) })}
              >
                {t('backups.confirmDelete')}
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                {t('backups.cancel')}
              </Button>
            </>
          )}
        </div>
        {remove.error && <Alert>{errorText(remove.error)}</Alert>}
      </td>
    </tr>
  );
}
