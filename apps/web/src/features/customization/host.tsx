import { Palette } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadMessages } from '../../lib/i18n.ts';

// The panel is its own chunk with its words (the `extra` part of the messages), fetched on first use.
const load = () => Promise.all([import('./customization-dialog.tsx'), loadMessages('extra')]);
const Panel = lazy(() => load().then(([m]) => ({ default: m.CustomizationDialog })));

const openers = new Set<(open: boolean) => void>();
/** Opens the UI Customization panel (the profile menu's "Customization" item). */
export function openCustomization(): void {
  for (const open of openers) open(true);
}

/** The palette button of the top bar and the panel it opens (the panel's code loads on first use). */
export function CustomizationButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    openers.add(setOpen);
    return () => {
      openers.delete(setOpen);
    };
  }, []);
  return (
    <>
      <button
        type="button"
        data-testid="customize"
        aria-label={t('topBar.customize')}
        title={t('topBar.customize')}
        onPointerEnter={() => void load()}
        onClick={() => setOpen(true)}
        className="rounded-lg p-2 hover:bg-slate-200/70 dark:hover:bg-slate-800/70"
      >
        <Palette className="size-5" aria-hidden />
      </button>
      {open && (
        <Suspense fallback={null}>
          <Panel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
