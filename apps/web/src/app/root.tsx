import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { dialogStore, useDialog } from '../lib/dialogs.ts';
import { sessionManager } from '../lib/session-manager.ts';
import { DebugPanelHost } from './debug-panel-host.tsx';
import { PageTransition, TransitionPicker, usePreferredTransition } from './transitions.tsx';

// The dialog (Radix) loads only when the shell has something to say.
const DialogHost = lazy(() => import('../components/ui/dialog-host.tsx').then((m) => ({ default: m.DialogHost })));

/** Every route renders inside this: scroll to top, transitions, the shell's dialogs. */
export function Root() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const style = usePreferredTransition();
  const dialog = useDialog();
  useEffect(() => {
    sessionManager.configure({ navigate: (p) => void navigate(p), showDialog: (d) => dialogStore.show(d) });
  }, [navigate]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to top whenever the path or query changes
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return (
    <>
      <PageTransition style={style}>
        <Outlet />
      </PageTransition>
      <TransitionPicker value={style} />
      <DebugPanelHost />
      {dialog && (
        <Suspense fallback={null}>
          <DialogHost navigate={(p) => void navigate(p)} />
        </Suspense>
      )}
    </>
  );
}
