import { X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadMessages } from '../../lib/i18n.ts';
import { AppTab } from './app-tab.tsx';
import { ConsoleTab } from './console-tab.tsx';
import { ErrorsTab } from './errors-tab.tsx';
import { NetworkTab } from './network-tab.tsx';
import { SettingsTab } from './settings-tab.tsx';
import { StorageTab } from './storage-tab.tsx';

const tabs = {
  network: NetworkTab,
  errors: ErrorsTab,
  console: ConsoleTab,
  app: AppTab,
  storage: StorageTab,
  settings: SettingsTab,
};
type Tab = keyof typeof tabs;
const tabNames = Object.keys(tabs) as Tab[];
let lastTab: Tab = 'network';

/**
 * The Ctrl+I panel (specification §2): docked bottom right, 800 px wide (the screen's width on a
 * phone), content at most 400 px high. A non-modal dialog: the page stays usable; Escape closes it
 * and focus goes back where it was.
 */
export function DebugPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [tab, setTab] = useState<Tab>(lastTab);
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  useEffect(() => {
    // Its texts live in the member part of the messages (the login page has only the core).
    void loadMessages('member');
    const before = document.activeElement as HTMLElement | null;
    tabRefs.current[lastTab]?.focus();
    return () => before?.focus?.();
  }, []);
  function select(next: Tab) {
    lastTab = next;
    setTab(next);
    tabRefs.current[next]?.focus();
  }
  function handleTabKey(e: KeyboardEvent) {
    const at = tabNames.indexOf(tab);
    const move: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1,
      Home: 0,
      End: tabNames.length - 1,
    };
    const to = move[e.key];
    if (to === undefined) return;
    e.preventDefault();
    select(tabNames[(to + tabNames.length) % tabNames.length]!);
  }
  const Content = tabs[tab];
  return (
    <div
      role="dialog"
      aria-labelledby={`${id}-title`}
      data-testid="debug-panel"
      className="fixed right-0 bottom-0 z-[60] w-[800px] max-w-[100vw] rounded-tl-xl border border-slate-300 bg-white text-slate-900 shadow-2xl sm:right-4 sm:bottom-4 sm:rounded-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
        <h2 id={`${id}-title`} className="text-sm font-semibold">
          {t('debugPanel.title')}
        </h2>
        <div
          role="tablist"
          aria-label={t('debugPanel.title')}
          className="flex flex-1 flex-wrap gap-1"
          onKeyDown={handleTabKey}
        >
          {tabNames.map((name) => (
            <button
              key={name}
              ref={(el) => {
                tabRefs.current[name] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`${id}-panel`}
              tabIndex={tab === name ? 0 : -1}
              onClick={() => select(name)}
              className={`rounded-md px-2 py-1 text-xs font-medium ${tab === name ? 'bg-brand-500 text-slate-950' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}
            >
              {t(`debugPanel.tabs.${name}`)}
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('debugPanel.close')}
          className="rounded-md p-1 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${tab}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        className="max-h-[400px] overflow-auto p-3"
      >
        <Content />
      </div>
    </div>
  );
}
