import { type ReactNode, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../components/ui/scroll-region.tsx';
import { type debugLog, debugStore } from '../../lib/debug-capture.ts';

/** Re-renders when any capture buffer changes. */
export function useDebugLog(): number {
  return useSyncExternalStore(debugStore.subscribe, debugStore.getVersion);
}

export const smallButton =
  'rounded-md border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800';
export const fieldClass =
  'rounded-md border border-slate-300 bg-white px-2 py-1 text-xs dark:border-slate-700 dark:bg-slate-900';

export function formatTime(ms: number): string {
  return new Date(ms).toLocaleTimeString();
}

export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={smallButton}
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? t('debugPanel.copied') : t('debugPanel.copy')}
    </button>
  );
}

/** A row of controls above a tab's list. */
export function Toolbar({ children }: { children: ReactNode }) {
  return <div className="mb-2 flex flex-wrap items-center gap-2">{children}</div>;
}

/** A captured text (a body, a stack trace), scrolling within 15rem; `label` names it. */
export function Pre({ label, children }: { label: string; children: string }) {
  return (
    <ScrollRegion
      as="pre"
      label={label}
      className="max-h-60 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-xs dark:bg-slate-950"
    >
      {children}
    </ScrollRegion>
  );
}

export function Empty() {
  const { t } = useTranslation();
  return <p className="text-xs text-muted">{t('debugPanel.empty')}</p>;
}

export function ClearButton({ buffer }: { buffer: keyof typeof debugLog }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={smallButton} onClick={() => debugStore.clear(buffer)}>
      {t('debugPanel.clear')}
    </button>
  );
}
