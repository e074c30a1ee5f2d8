import { type ImageReport, imageReportReasons, imageReportStatuses } from '@hostdeck/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { ResourceList, RowLink } from '../admin/resource/resource-list.tsx';
import { useListParams } from '../admin/resource/use-list-params.ts';
import { deskSelect } from '../tickets/admin-tickets-list.tsx';
import { BASE, reportsApi } from './api.ts';
import { MemberRef, ReportStatusBadge, ReportThumb } from './report-parts.tsx';

/** With no status in the address the list shows what waits for staff; "all" lifts the filter. */
export const DEFAULT_STATUS = 'pending';

/**
 * /mc-admin/image-reports: the reports, pending first by default, filtered by status and reason,
 * searchable and sortable, everything kept in the URL.
 */
export function ImageReportsList() {
  const { t } = useTranslation();
  const f = useFormat();
  const list = useListParams(['reason', 'image_id']);
  const status = list.get('status') || DEFAULT_STATUS;
  const params = new URLSearchParams(list.params);
  if (status !== 'all') params.set('status', status);
  const query = reportsApi.useList(params);
  const canView = useCan('admin.image.reports.view');
  const canDelete = useCan('admin.image.reports.delete');
  const remove = reportsApi.useDelete();
  const [deleting, setDeleting] = useState<ImageReport | null>(null);
  const select = (key: string, label: string, value: string, options: [string, string][]) => (
    <select
      className={deskSelect}
      value={value}
      onChange={(e) => list.set({ [key]: e.target.value })}
      aria-label={label}
      data-testid={`report-filter-${key}`}
    >
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </select>
  );
  return (
    <>
      <ResourceList<ImageReport>
        title={t('admin.nav.imageReports')}
        list={list}
        query={query}
        rowKey={(r) => String(r.id)}
        empty={
          <>
            <p className="font-medium">{t('imageReports.emptyTitle')}</p>
            <p className="mt-1 text-sm">{t('imageReports.emptyHint')}</p>
          </>
        }
        toolbar={
          query.data && (
            <span className="self-center text-sm text-muted" data-testid="report-count">
              {t('imageReports.count', { count: query.data.total })}
            </span>
          )
        }
        filters={
          <>
            {select('status', t('imageReports.fields.status'), status === DEFAULT_STATUS ? '' : status, [
              ['', t(`imageReports.status.${DEFAULT_STATUS}`)],
              ...imageReportStatuses
                .filter((s) => s !== DEFAULT_STATUS)
                .map((s): [string, string] => [s, t(`imageReports.status.${s}`)]),
              ['all', t('imageReports.anyStatus')],
            ])}
            {select('reason', t('imageReports.fields.reason'), list.get('reason'), [
              ['', t('imageReports.anyReason')],
              ...imageReportReasons.map((r): [string, string] => [r, t(`imageReports.reason.${r}`)]),
            ])}
          </>
        }
        columns={[
          {
            key: 'image',
            header: t('imageReports.fields.image'),
            render: (r) => (
              <span className="flex items-center gap-3">
                <ReportThumb report={r} />
                <span className="flex min-w-0 flex-col">
                  <span className="max-w-48 truncate font-semibold">{r.image?.name ?? t('imageReports.removed')}</span>
                  <code className="text-xs text-muted">{r.image_id}</code>
                </span>
              </span>
            ),
          },
          {
            key: 'reason',
            header: t('imageReports.fields.reason'),
            sortable: true,
            render: (r) => t(`imageReports.reason.${r.reason}`),
          },
          {
            key: 'uploader',
            header: t('imageReports.fields.uploader'),
            render: (r) => <MemberRef user={r.uploader} none={t('imageReports.deletedMember')} />,
          },
          {
            key: 'reporter',
            header: t('imageReports.fields.reporter'),
            render: (r) => <MemberRef user={r.reporter} none={t('imageReports.visitor')} />,
          },
          {
            key: 'status',
            header: t('imageReports.fields.status'),
            sortable: true,
            render: (r) => <ReportStatusBadge status={r.status} />,
          },
          {
            key: 'created_at',
            header: t('imageReports.fields.created'),
            sortable: true,
            render: (r) => <span className="text-xs whitespace-nowrap">{f.dateTime(r.created_at)}</span>,
          },
        ]}
        actions={(r) => (
          <>
            {canView && (
              <RowLink to={`${BASE}/${r.id}/edit`} testId="review-report">
                {t('imageReports.review')}
              </RowLink>
            )}
            {canDelete && (
              <button
                type="button"
                data-testid="delete-report"
                onClick={() => setDeleting(r)}
                className="ml-2 rounded-lg px-2 py-1 text-xs font-semibold text-rose-600 hover:bg-rose-500/10"
              >
                {t('resource.delete')}
              </button>
            )}
          </>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (open) return;
          setDeleting(null);
          remove.reset();
        }}
        title={t('imageReports.deleteTitle', { id: deleting?.id })}
        message={t('imageReports.deleteMessage')}
        confirmLabel={t('resource.confirmDelete')}
        busy={remove.isPending}
        error={remove.error instanceof ApiError ? t(`errors.${remove.error.code}`) : null}
        onConfirm={() => deleting && remove.mutate(String(deleting.id), { onSuccess: () => setDeleting(null) })}
        testId="delete-report-dialog"
      />
    </>
  );
}
