import { type ImageReport, type ImageReportAction, imageReportActions } from '@hostdeck/contracts';
import { Ban, CircleX, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useCan } from '../../lib/permissions.ts';
import { TextAreaField } from '../admin/resource/text-area-field.tsx';
import { useReportAction } from './api.ts';

const icons = { dismiss: CircleX, remove_image: Trash2, ban_uploader: Ban };

/** Dismiss, remove the picture, ban the uploader: each asks first (with an optional note) and closes the report. */
export function ReportActions({ report, banned = false }: { report: ImageReport; banned?: boolean }) {
  const { t } = useTranslation();
  const canEdit = useCan('admin.image.reports.edit');
  const act = useReportAction(String(report.id));
  const [asking, setAsking] = useState<ImageReportAction | null>(null);
  const [note, setNote] = useState('');
  const [done, setDone] = useState<ImageReportAction | null>(null);
  if (!canEdit) return null;
  const unavailable: Record<ImageReportAction, boolean> = {
    dismiss: report.status === 'dismissed',
    remove_image: !report.image_exists,
    ban_uploader: !report.uploader || banned,
  };
  const close = () => {
    setAsking(null);
    setNote('');
    act.reset();
  };
  return (
    <section className="surface flex flex-col gap-2 p-4" data-testid="report-actions">
      <h2 className="font-semibold">{t('imageReports.actionsTitle')}</h2>
      {done && <Alert tone="success">{t(`imageReports.actions.${done}.done`)}</Alert>}
      {imageReportActions.map((action) => {
        const Icon = icons[action];
        return (
          <Button
            key={action}
            variant={action === 'dismiss' ? 'secondary' : 'danger'}
            disabled={unavailable[action]}
            data-testid={`action-${action}`}
            onClick={() => {
              setDone(null);
              setAsking(action);
            }}
          >
            <Icon className="size-4" aria-hidden />
            {t(`imageReports.actions.${action}.label`)}
          </Button>
        );
      })}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && close()}
        title={asking ? t(`imageReports.actions.${asking}.title`) : ''}
        message={asking ? t(`imageReports.actions.${asking}.message`) : ''}
        confirmLabel={asking ? t(`imageReports.actions.${asking}.label`) : ''}
        tone={asking === 'dismiss' ? 'primary' : 'danger'}
        busy={act.isPending}
        error={act.error instanceof ApiError ? t(`errors.${act.error.code}`) : null}
        onConfirm={() =>
          asking &&
          act.mutate(
            { action: asking, note: note.trim() },
            {
              onSuccess: () => {
                setDone(asking);
                close();
              },
            },
          )
        }
        testId="report-action-dialog"
      >
        <TextAreaField
          label={t('imageReports.actionNote')}
          value={note}
          maxLength={1000}
          onChange={(e) => setNote(e.target.value)}
        />
      </ConfirmDialog>
    </section>
  );
}
