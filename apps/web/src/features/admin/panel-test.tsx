import { useMutation } from '@tanstack/react-query';
import { PlugZap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError, api } from '../../lib/api-client.ts';

interface Report {
  kind: 'pterodactyl' | 'simulated';
  locations: number;
  nodes: number;
  categories: number;
  latency_ms: number;
}

/** "Test the connection" for the saved panel settings (the server does the call, with its timeout). */
export function PanelTest({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const test = useMutation({ mutationFn: () => api<Report>('/api/admin/panel/test', { method: 'POST', body: {} }) });
  const r = test.data;
  return (
    <div className="flex flex-col gap-2 pt-4">
      <div className="flex items-center gap-3">
        <Button variant="secondary" disabled={dirty || test.isPending} onClick={() => test.mutate()}>
          <PlugZap className="size-4" aria-hidden /> {t('settings.panelTest.testConnection')}
        </Button>
        {dirty && <span className="text-xs text-muted">{t('settings.panelTest.testSaveFirst')}</span>}
      </div>
      {r && (
        <Alert tone="success">
          {t('settings.panelTest.testOk', {
            kind: t(`settings.panelTest.kinds.${r.kind}`),
            locations: r.locations,
            nodes: r.nodes,
            categories: r.categories,
            ms: r.latency_ms,
          })}
        </Alert>
      )}
      {test.error && <Alert>{t(`errors.${test.error instanceof ApiError ? test.error.code : 'SERVER_ERROR'}`)}</Alert>}
    </div>
  );
}
