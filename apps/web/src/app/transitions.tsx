import { Settings2 } from 'lucide-react';
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigationType } from 'react-router';
import { checkLicense } from '../lib/license.ts';
import { storage } from '../lib/storage.ts';
import { useUiSettings } from '../lib/ui-settings.ts';

export const transitionStyles = [
  'fade',
  'slide-right',
  'slide-left',
  'slide-up',
  'slide-down',
  'scale',
  'flip',
  'rotate',
] as const;
export type TransitionStyle = (typeof transitionStyles)[number];
const KEY = 'preferredTransition';
/** The transition of a new visitor, and the one a reset of the customization panel goes back to. */
export const defaultTransition: TransitionStyle = 'fade';

export function preferredTransition(): TransitionStyle {
  const stored = storage.get(KEY);
  return (transitionStyles as readonly string[]).includes(stored ?? '')
    ? (stored as TransitionStyle)
    : defaultTransition;
}

/** Said on the window when the preferred transition changes here (other tabs get the storage event). */
const CHANGED = 'hostdeck:transition';

/** Stores the choice (the picker and the customization panel) and tells the page at once. */
export function savePreferredTransition(style: TransitionStyle): void {
  storage.set(KEY, style);
  window.dispatchEvent(new Event(CHANGED));
}

function subscribeTransition(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) onChange();
  };
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The preferred transition, followed live (a choice in this tab or another). */
export function usePreferredTransition(): TransitionStyle {
  return useSyncExternalStore(subscribeTransition, preferredTransition, preferredTransition);
}

/**
 * Re-mounts the page on every full-path change with the chosen animation; duration = 1 / speed.
 * Only a move the member makes (a link, back, forward) animates: the first page of a visit and the
 * redirects on the way to it (/ → /dashboard, a guard → /auth/login) appear at once. Fading the first
 * page in from nothing only delays the moment it can be read, and hides it from the paint timings.
 */
export function PageTransition({ style, children }: { style: TransitionStyle; children: ReactNode }) {
  const location = useLocation();
  const navigation = useNavigationType();
  const { performance } = useUiSettings();
  // The duration and the reduce-motion class (the OS setting too) are set on <html> by lib/performance.ts.
  const off = performance.disableAnimations || performance.reduceMotion;
  const page = `${location.pathname}${location.search}${location.hash}`;
  const [firstPage] = useState(page);
  const moved = navigation === 'PUSH' || (navigation === 'POP' && page !== firstPage);
  return (
    <div key={page} className={off || !moved ? '' : `page-enter t-${style}`}>
      {children}
    </div>
  );
}

/** The gear and its picker, shown only when the theme-customization license is valid. */
export function TransitionPicker({ value }: { value: TransitionStyle }) {
  const { t } = useTranslation();
  const [licensed, setLicensed] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    void checkLicense('theme-customization').then(setLicensed);
  }, []);
  if (!licensed) return null;
  return (
    <div className="fixed right-4 bottom-4 z-30 print:hidden">
      {open && (
        <div className="surface mb-2 w-56 p-3" role="dialog" aria-label={t('transitions.title')}>
          <p className="mb-2 text-sm font-semibold">{t('transitions.title')}</p>
          <div className="grid grid-cols-2 gap-1">
            {transitionStyles.map((s) => (
              <button
                key={s}
                type="button"
                onClick={() => {
                  savePreferredTransition(s);
                }}
                aria-pressed={value === s}
                className={`rounded-lg px-2 py-1 text-left text-xs ${value === s ? 'bg-brand-500 text-slate-950' : 'hover:bg-slate-200 dark:hover:bg-slate-800'}`}
              >
                {t(`transitions.${s}`)}
              </button>
            ))}
          </div>
        </div>
      )}
      <button
        type="button"
        data-testid="transition-gear"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-label={t('transitions.open')}
        className="surface grid size-11 place-items-center rounded-full"
      >
        <Settings2 className="size-5 text-brand-400" aria-hidden />
      </button>
    </div>
  );
}
