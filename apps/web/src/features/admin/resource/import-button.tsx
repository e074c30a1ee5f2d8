import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DownloadCloud } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';

/** "Import from panel" for a catalogue resource: creates what is missing, re-syncs what is there. */
export function ImportButton({ path, invalidate }: { path: string; invalidate: readonly unknown[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const run = useMutation({
    mutationFn: () =>
      api<{ created: number; updated: number }>(`/api/admin/${path}/import`, { method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: invalidate }),
  });
  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" onClick={() => run.mutate()} disabled={run.isPending} data-testid="import-from-panel">
        <DownloadCloud className="size-4" aria-hidden /> {t('catalog.import')}
      </Button>
      {run.data && (
        <Alert tone="success">{t('catalog.imported', { created: run.data.created, updated: run.data.updated })}</Alert>
      )}
      {run.error && <Alert>{t(`errors.${run.error instanceof ApiError ? run.error.code : 'SERVER_ERROR'}`)}</Alert>}
    </div>
  );
}
