import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { PluginSlot } from '../../components/ui/plugin-slot.tsx';
import { useUiSettings } from '../../lib/ui-settings.ts';
import { surfaceProps } from '../../lib/ui-surface.ts';
import type { NavEntry } from '../nav.ts';

/** An entry's section: the first segment of its path (/earn/afk and /earn/redeem share one). */
const sectionOf = (path: string) => path.split('/')[1];

export const SIDE_NAV_ID = 'side-nav';

/**
 * The phone's drawer by keyboard, as a dialog would be: focus moves into it when it opens, Tab stays
 * inside, Escape closes it, and focus goes back to the menu button when it closes.
 */
function useDrawerKeys(open: boolean, onClose: () => void, nav: RefObject<HTMLElement | null>) {
  // The latest onClose, without running the effect again on every render of the layout.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!open || !nav.current) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const stops = () => [...(nav.current?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? [])];
    stops()[0]?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close.current();
      } else if (e.key === 'Tab') {
        const all = stops();
        const [first, last] = [all[0], all[all.length - 1]];
        const inside = nav.current?.contains(document.activeElement) ?? false;
        if (e.shiftKey && (document.activeElement === first || !inside)) {
          e.preventDefault();
          last?.focus();
        } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
          e.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, [open, nav]);
}

/** Sidebar on wide screens, a drawer on phones. */
export function SideNav({
  entries,
  open,
  onClose,
  label,
  badges = {},
  pluginItems = false,
}: {
  entries: NavEntry[];
  open: boolean;
  onClose: () => void;
  label: string;
  /** A count beside an entry, by its path (e.g. unread announcements); nothing when 0. */
  badges?: Record<string, { count: number; label: string }>;
  /** Plugins' links (the sidebar.items slot) below the entries: the member area's sidebar. */
  pluginItems?: boolean;
}) {
  const { t } = useTranslation();
  const ui = useUiSettings().sidebar;
  const nav = useRef<HTMLElement>(null);
  useDrawerKeys(open, onClose, nav);
  return (
    <>
      {open && (
        <button
          type="button"
          aria-label={t('common.close')}
          className="fixed inset-0 z-30 bg-slate-950/50 lg:hidden print:hidden"
          onClick={onClose}
        />
      )}
      <nav
        ref={nav}
        id={SIDE_NAV_ID}
        aria-label={label}
        {...surfaceProps(ui)}
        data-testid="sidebar"
        // Compact: icons only on wide screens (the phone's drawer keeps its words).
        data-compact={ui.compactMode || undefined}
        // On a phone, a drawer: shown while open, coming in with the sidebar's animation style (styles.css).
        data-open={open || undefined}
        data-anim={ui.animationStyle}
        className="surface drawer fixed inset-y-0 left-0 z-40 w-64 overflow-y-auto rounded-none border-y-0 border-l-0 p-3 lg:sticky lg:top-[57px] lg:z-10 lg:h-[calc(100dvh-57px)] print:hidden"
      >
        <ul className="flex flex-col gap-0.5">
          {entries.map((e, i) => (
            <li
              key={e.path}
              className={
                ui.showSectionDividers && i > 0 && sectionOf(e.path) !== sectionOf(entries[i - 1]!.path)
                  ? 'mt-2 border-t border-slate-200 pt-2 dark:border-slate-800'
                  : undefined
              }
            >
              <NavLink
                to={e.path}
                end
                title={ui.compactMode ? t(e.label) : undefined}
                onClick={onClose}
                className={({ isActive }) =>
                  `relative flex items-center gap-3 rounded-xl px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-500/15 text-brand-600 dark:text-brand-300' : 'text-slate-600 hover:bg-slate-200/70 dark:text-slate-300 dark:hover:bg-slate-800/70'}`
                }
              >
                <e.icon className="size-4 shrink-0" aria-hidden />
                <span className="nav-label">{t(e.label)}</span>
                <Badge badge={badges[e.path]} corner={ui.compactMode} />
              </NavLink>
            </li>
          ))}
        </ul>
        {pluginItems && (
          <PluginSlot
            name="sidebar.items"
            list
            className="mt-2 flex flex-col gap-0.5 border-t border-slate-200 pt-2 dark:border-slate-800"
          />
        )}
      </nav>
    </>
  );
}

/** "3" (or "99+") in a pill; screen readers hear the words instead. */
function Badge({ badge, corner }: { badge?: { count: number; label: string }; corner: boolean }) {
  if (!badge || badge.count <= 0) return null;
  return (
    <span
      // In compact mode, on the icon's corner (there is no room beside it).
      className={`${corner ? 'absolute top-0 right-0' : 'ml-auto'} rounded-full bg-brand-500 px-1.5 py-0.5 text-[10px] leading-none font-bold text-slate-950 tabular-nums`}
      data-testid="nav-badge"
    >
      <span aria-hidden>{badge.count > 99 ? '99+' : badge.count}</span>
      <span className="sr-only">{badge.label}</span>
    </span>
  );
}
