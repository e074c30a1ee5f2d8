import type { ImageReport, ImageReportStatus } from '@hostdeck/contracts';
import { ImageOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const tones: Record<ImageReportStatus, string> = {
  pending: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  reviewed: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  resolved: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  dismissed: 'bg-slate-500/15 text-slate-600 dark:text-slate-300',
};

export function ReportStatusBadge({ status }: { status: ImageReportStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tones[status]}`} data-testid="report-status">
      {t(`imageReports.status.${status}`)}
    </span>
  );
}

/** The reported picture's thumbnail, or a mark that it has been removed. */
export function ReportThumb({ report, size = 'size-14' }: { report: Pick<ImageReport, 'image'>; size?: string }) {
  const { t } = useTranslation();
  if (!report.image)
    return (
      <span
        className={`flex ${size} shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400 dark:bg-slate-800`}
        title={t('imageReports.removed')}
      >
        <ImageOff className="size-5" aria-hidden />
        <span className="sr-only">{t('imageReports.removed')}</span>
      </span>
    );
  return (
    <img
      src={report.image.thumbnail_url}
      alt={report.image.name}
      loading="lazy"
      width={56}
      height={56}
      className={`${size} shrink-0 rounded-lg bg-slate-100 object-cover dark:bg-slate-800`}
    />
  );
}

/** A member named on a report: a link to their admin page, or "a visitor" / "deleted member". */
export function MemberRef({ user, none }: { user: { uuid: string; username: string } | null; none: string }) {
  if (!user) return <span className="text-muted">{none}</span>;
  return (
    <Link
      to={`/mc-admin/users/${user.uuid}/edit`}
      className="font-semibold text-brand-600 hover:underline dark:text-brand-300"
    >
      {user.username}
    </Link>
  );
}
