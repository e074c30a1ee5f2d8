import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DownloadCloud } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';

/**
 * "Import from panel" for a catalogue resource: creates what is missing, re-syncs what is there.
 * `help` says what it takes from each panel software.
 */
export function ImportButton({
  path,
  invalidate,
  help,
}: {
  path: string;
  invalidate: readonly unknown[];
  help: string;
}) {
  const { t } = useTranslation();
  const helpId = useId();
  const client = useQueryClient();
  const run = useMutation({
    mutationFn: () =>
      api<{ created: number; updated: number }>(`/api/admin/${path}/import`, { method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: invalidate }),
  });
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        onClick={() => run.mutate()}
        disabled={run.isPending}
        aria-describedby={helpId}
        data-testid="import-from-panel"
      >
        <DownloadCloud className="size-4" aria-hidden /> {t('catalog.import')}
      </Button>
      <p id={helpId} className="max-w-xs text-xs text-muted">
        {help}
      </p>
      {run.data && (
        <Alert tone="success">{t('catalog.imported', { created: run.data.created, updated: run.data.updated })}</Alert>
      )}
      {run.error && <Alert>{t(`errors.${run.error instanceof ApiError ? run.error.code : 'SERVER_ERROR'}`)}</Alert>}
    </div>
  );
}
