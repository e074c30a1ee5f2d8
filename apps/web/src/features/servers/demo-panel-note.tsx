import type { PanelKind } from '@hostdeck/contracts';
import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Servers on the built-in demo panel are simulated: say so wherever a member meets them. */
export function DemoPanelNote({ panel }: { panel: PanelKind | undefined }) {
  const { t } = useTranslation();
  if (panel !== 'simulated') return null;
  return (
    <p
      className="flex items-start gap-2 rounded-xl border border-amber-400/50 bg-amber-500/10 px-3 py-2 text-sm text-amber-800 dark:text-amber-200"
      data-testid="demo-panel-note"
    >
      <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden />
      {t('servers.demoPanel')}
    </p>
  );
}
