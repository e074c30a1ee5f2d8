import { type ImageReportStatus, imageReportStatuses } from '@hostdeck/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { TextAreaField } from '../admin/resource/text-area-field.tsx';
import { LoadError, PageHeader } from '../servers/page-parts.tsx';
import { deskSelect } from '../tickets/admin-tickets-list.tsx';
import { BASE, type ImageReportDetail, reportsApi, useReportDetail } from './api.ts';
import { ReportActions } from './report-actions.tsx';
import { MemberRef, ReportStatusBadge } from './report-parts.tsx';

/**
 * /mc-admin/image-reports/:id/edit: the picture, who uploaded it and their record, what was reported
 * and the earlier reports of the same picture; staff notes and status (edit), and the actions that
 * close the report. Without admin.image.reports.edit it is read-only.
 */
export function ImageReportPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useReportDetail(id);
  if (detail.isPending) return <Loading label={t('common.loading')} />;
  if (detail.isError) return <LoadError error={detail.error} back={BASE} backLabel={t('imageReports.back')} />;
  const report = detail.data.data;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <PageHeader
        title={t('imageReports.title', { id: report.id })}
        subtitle={`${t(`imageReports.reason.${report.reason}`)} · ${report.image_id}`}
        back={BASE}
        backLabel={t('imageReports.back')}
      />
      <div className="grid gap-5 lg:grid-cols-[1fr_20rem]">
        <div className="flex min-w-0 flex-col gap-5">
          <section className="surface flex items-center justify-center p-3" data-testid="report-image">
            {report.image ? (
              <a href={report.image.page_url} target="_blank" rel="noopener noreferrer">
                <img
                  src={report.image.direct_url}
                  alt={report.image.name}
                  width={report.image.width}
                  height={report.image.height}
                  className="max-h-[32rem] w-auto max-w-full rounded-lg object-contain"
                />
              </a>
            ) : (
              <p className="p-8 text-sm text-muted" data-testid="report-image-removed">
                {t('imageReports.removedLong')}
              </p>
            )}
          </section>
          <ReportFacts detail={detail.data} />
          <EarlierReports reports={detail.data.earlier_reports} />
        </div>
        <aside className="flex flex-col gap-5">
          <UploaderCard detail={detail.data} />
          <StaffNotes detail={detail.data} />
          <ReportActions report={report} banned={detail.data.uploader_stats?.banned} />
        </aside>
      </div>
    </div>
  );
}

function ReportFacts({ detail }: { detail: ImageReportDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const r = detail.data;
  return (
    <section className="surface flex flex-col gap-3 p-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <ReportStatusBadge status={r.status} />
        <span className="font-semibold">{t(`imageReports.reason.${r.reason}`)}</span>
        <span className="text-muted">· {f.dateTime(r.created_at)}</span>
      </div>
      <p>
        <span className="text-muted">{t('imageReports.fields.reporter')}: </span>
        <MemberRef user={r.reporter} none={t('imageReports.visitor')} />
      </p>
      <div>
        <p className="text-muted">{t('imageReports.fields.note')}</p>
        <p className="break-words whitespace-pre-wrap" data-testid="report-note">
          {r.note || <span className="text-muted">{t('imageReports.noNote')}</span>}
        </p>
      </div>
      {r.handled_by && r.handled_at && (
        <p className="text-xs text-muted">
          {t('imageReports.handled', { name: r.handled_by.username, date: f.dateTime(r.handled_at) })}
        </p>
      )}
    </section>
  );
}

function EarlierReports({ reports }: { reports: ImageReportDetail['earlier_reports'] }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <section className="surface flex flex-col gap-2 p-4" data-testid="earlier-reports">
      <h2 className="font-semibold">{t('imageReports.earlier')}</h2>
      {reports.length === 0 ? (
        <p className="text-sm text-muted">{t('imageReports.noEarlier')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {reports.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-2 py-2">
              <ReportStatusBadge status={r.status} />
              <span className="font-semibold">{t(`imageReports.reason.${r.reason}`)}</span>
              <span className="text-xs text-muted">{f.dateTime(r.created_at)}</span>
              {r.note && <span className="w-full break-words text-slate-600 dark:text-slate-400">{r.note}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function UploaderCard({ detail }: { detail: ImageReportDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const stats = detail.uploader_stats;
  return (
    <section className="surface flex flex-col gap-2 p-4 text-sm" data-testid="uploader">
      <h2 className="font-semibold">{t('imageReports.fields.uploader')}</h2>
      <MemberRef user={detail.data.uploader} none={t('imageReports.deletedMember')} />
      {stats && (
        <dl className="grid grid-cols-3 gap-2 text-center">
          {(['images', 'reports', 'removed'] as const).map((k) => (
            <div key={k} className="rounded-lg bg-slate-100 p-2 dark:bg-slate-800/60">
              <dt className="text-xs text-muted">{t(`imageReports.stats.${k}`)}</dt>
              <dd className="font-semibold tabular-nums">{f.number(stats[k])}</dd>
            </div>
          ))}
        </dl>
      )}
      {stats?.banned && (
        <p className="font-semibold text-rose-600" data-testid="uploader-banned">
          {t('imageReports.banned')}
        </p>
      )}
    </section>
  );
}

/** Status and staff notes, saved together with the version the page loaded (a newer one is refused). */
function StaffNotes({ detail }: { detail: ImageReportDetail }) {
  const { t } = useTranslation();
  const report = detail.data;
  const canEdit = useCan('admin.image.reports.edit');
  const update = reportsApi.useUpdate(String(report.id));
  const [notes, setNotes] = useState(report.staff_notes);
  const [status, setStatus] = useState<ImageReportStatus>(report.status);
  // A newer version of the report (saved here, or closed by an action) replaces what the form shows.
  const [version, setVersion] = useState(report.updated_at);
  if (version !== report.updated_at) {
    setVersion(report.updated_at);
    setNotes(report.staff_notes);
    setStatus(report.status);
  }
  const changed = notes !== report.staff_notes || status !== report.status;
  return (
    <section className="surface flex flex-col gap-3 p-4" data-testid="staff-notes">
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        {t('imageReports.fields.status')}
        <select
          className={deskSelect}
          value={status}
          disabled={!canEdit}
          onChange={(e) => setStatus(e.target.value as ImageReportStatus)}
          data-testid="report-status-select"
        >
          {imageReportStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`imageReports.status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <TextAreaField
        label={t('imageReports.fields.staffNotes')}
        value={notes}
        maxLength={5000}
        readOnly={!canEdit}
        onChange={(e) => setNotes(e.target.value)}
      />
      <p className="-mt-2 text-xs text-muted">{t('imageReports.staffNotesHint')}</p>
      {update.error instanceof ApiError && <Alert>{t(`errors.${update.error.code}`)}</Alert>}
      {update.isSuccess && !changed && <Alert tone="success">{t('imageReports.saved')}</Alert>}
      {canEdit && (
        <Button
          className="self-start"
          disabled={!changed || update.isPending}
          data-testid="save-notes"
          onClick={() => update.mutate({ staff_notes: notes, status, updated_at: report.updated_at })}
        >
          {update.isPending ? t('common.working') : t('imageReports.save')}
        </Button>
      )}
    </section>
  );
}
