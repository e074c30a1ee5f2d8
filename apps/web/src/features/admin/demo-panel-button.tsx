import type { DemoPanelResult } from '@hostdeck/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError, api } from '../../lib/api-client.ts';
import { settingsStore } from '../../lib/settings-store.ts';

/** One click: the demo panel switched on and its locations, categories and eggs imported (again: re-synced). */
export function DemoPanelButton() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const run = useMutation({
    mutationFn: () => api<DemoPanelResult>('/api/admin/panel/demo', { method: 'POST', body: {} }),
    onSuccess: () => {
      // The catalogue, the create page's options and the public settings all changed.
      void client.invalidateQueries();
      void settingsStore.refresh();
    },
  });
  const r = run.data;
  return (
    <div className="flex flex-col items-center gap-2" data-testid="demo-panel">
      <Button variant="secondary" onClick={() => run.mutate()} disabled={run.isPending}>
        <FlaskConical className="size-4" aria-hidden /> {t('demoPanel.button')}
      </Button>
      <p className="text-xs text-muted">{t('demoPanel.hint')}</p>
      {r && (
        <Alert tone="success">
          {t('demoPanel.done', {
            locations: r.locations.created + r.locations.updated,
            categories: r.categories.created + r.categories.updated,
            eggs: r.eggs.created + r.eggs.updated,
          })}
        </Alert>
      )}
      {run.error && <Alert>{t(`errors.${run.error instanceof ApiError ? run.error.code : 'SERVER_ERROR'}`)}</Alert>}
    </div>
  );
}
