import { lazy, Suspense, useEffect, useState } from 'react';
import { loadMessages } from '../lib/i18n.ts';

// The panel is its own chunk, fetched on the first Ctrl+I (the login page carries only this listener).
// Its words are in the `extra` part of the messages, fetched with it.
const DebugPanel = lazy(() =>
  Promise.all([import('../features/debug-panel/debug-panel.tsx'), loadMessages('extra')]).then(([m]) => ({
    default: m.DebugPanel,
  })),
);

/** Ctrl+I (Cmd+I on macOS) toggles the debug panel everywhere, text fields included (specification §2). */
export function DebugPanelHost() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      if (e.key.toLowerCase() !== 'i' && e.code !== 'KeyI') return;
      e.preventDefault();
      setOpen((o) => !o);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <DebugPanel onClose={() => setOpen(false)} />
    </Suspense>
  );
}
