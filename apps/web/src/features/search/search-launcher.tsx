import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadMessages } from '../../lib/i18n.ts';
import { useUiSettings } from '../../lib/ui-settings.ts';

/** A page the search may offer: the member's navigation entries they can see (labels as keys). */
export interface SearchPage {
  path: string;
  label: string;
}

// The dialog is its own chunk with its words (the `extra` part), fetched on first use or when the
// pointer or focus reaches the button: the top bar carries only this button and the shortcut.
const load = () =>
  Promise.all([import('./search-dialog.tsx'), loadMessages('extra')]).then(([m]) => ({ default: m.SearchDialog }));
const SearchDialog = lazy(load);

/** Typing in a field: "/" is a character there, not the shortcut. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * The search button of the top bar (shown while ui-settings' topNavigation.showSearchBar is on) and
 * its shortcuts, which work either way: Ctrl+K (Cmd+K) anywhere, "/" outside text fields.
 */
export function SearchLauncher({ pages }: { pages: () => SearchPage[] }) {
  const { t } = useTranslation();
  const { showSearchBar } = useUiSettings().topNavigation;
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const modK =
        (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (e.key.toLowerCase() === 'k' || e.code === 'KeyK');
      const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target);
      if (!modK && !slash) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const warm = () => void load();
  return (
    <>
      {showSearchBar && (
        <button
          type="button"
          data-testid="search-open"
          aria-haspopup="dialog"
          aria-keyshortcuts="Control+K Meta+K /"
          onClick={() => setOpen(true)}
          onPointerEnter={warm}
          onFocus={warm}
          className="flex items-center gap-2 rounded-lg p-2 text-sm text-muted hover:bg-slate-200/70 sm:min-w-44 sm:border sm:border-slate-300 sm:px-3 sm:py-1.5 dark:text-slate-400 dark:hover:bg-slate-800/70 sm:dark:border-slate-700"
        >
          <Search className="size-5 sm:size-4" aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('topBar.search.open')}</span>
          <kbd aria-hidden className="ml-auto hidden font-sans text-xs sm:block">
            Ctrl K
          </kbd>
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <SearchDialog pages={pages()} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
