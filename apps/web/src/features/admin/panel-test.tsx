import { intlLocale, type PanelTestReport } from '@hostdeck/contracts';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { PlugZap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError, api } from '../../lib/api-client.ts';

/** What each panel software calls the things Hostdeck maps (Pelican groups by tags). */
const countWords = {
  pterodactyl: ['location', 'node', 'nest', 'egg'],
  pelican: ['nodeTag', 'node', 'eggTag', 'egg'],
} as const;

/** "Pelican 1.0.0-beta26 or later in 42 ms: 2 node tags, 3 nodes, 4 egg tags, 9 eggs." */
function reportText(t: TFunction, language: string, r: PanelTestReport): string {
  const counts = [r.locations, r.nodes, r.categories, r.eggs];
  const found = new Intl.ListFormat(intlLocale(language), { type: 'unit' }).format(
    countWords[r.flavour].map((word, i) => t(`settings.panelTest.counts.${word}`, { count: counts[i] })),
  );
  const software = t(`settings.options.panel_flavour.${r.flavour}`);
  const values = { software, version: r.version, ms: r.latency_ms, found };
  return t(r.kind === 'simulated' ? 'settings.panelTest.testOkSimulated' : 'settings.panelTest.testOk', values);
}

/** "Test the connection" for the saved panel settings (the server does the call, with its timeout). */
export function PanelTest({ dirty }: { dirty: boolean }) {
  const { t, i18n } = useTranslation();
  const test = useMutation({
    mutationFn: () => api<PanelTestReport>('/api/admin/panel/test', { method: 'POST', body: {} }),
  });
  const error = test.error instanceof ApiError ? test.error : null;
  return (
    <div className="flex flex-col gap-2 pt-4">
      <div className="flex items-center gap-3">
        <Button variant="secondary" disabled={dirty || test.isPending} onClick={() => test.mutate()}>
          <PlugZap className="size-4" aria-hidden /> {t('settings.panelTest.testConnection')}
        </Button>
        {dirty && <span className="text-xs text-muted">{t('settings.panelTest.testSaveFirst')}</span>}
      </div>
      {test.data && <Alert tone="success">{reportText(t, i18n.language, test.data)}</Alert>}
      {test.error && (
        <Alert>
          {t(`errors.${error?.code ?? 'SERVER_ERROR'}`)}
          {/* The server's sentence names the software it found at the address. */}
          {error?.code === 'PANEL_FLAVOUR_MISMATCH' && <span className="mt-1 block text-xs">{error.message}</span>}
        </Alert>
      )}
    </div>
  );
}
