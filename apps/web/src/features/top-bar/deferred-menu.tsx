import { type ComponentType, lazy, Suspense, useCallback, useRef, useState } from 'react';
import { NotificationsTrigger, ProfileTrigger } from './triggers.tsx';

export interface DeferredMenuProps {
  /** Open on arrival: the member clicked (or pressed Enter on) the button before the menu had loaded. */
  defaultOpen?: boolean;
  /**
   * Opened from the keyboard: focus its first item, as Radix does for a menu opened by a key (it
   * cannot know here: the key was pressed before the menu existed).
   */
  focusFirst?: boolean;
}

/**
 * A ref for the menu's content that moves focus to its first item once, after Radix has focused the
 * content itself, when the menu was opened from the keyboard before it existed.
 */
export function useFocusFirstItem(focusFirst: boolean | undefined) {
  const done = useRef(false);
  return useCallback(
    (node: HTMLElement | null) => {
      if (!node || !focusFirst || done.current) return;
      done.current = true;
      requestAnimationFrame(() => node.querySelector<HTMLElement>('[role^="menuitem"]')?.focus());
    },
    [focusFirst],
  );
}

type Trigger = typeof ProfileTrigger;

/**
 * A menu whose code loads on the first pointer over, focus on or click of its button (the budget of
 * the dashboard has no room for Radix's menus at start-up; issue #15). Until then the same button
 * stands alone; a click before the code is there opens the menu as soon as it is.
 */
function deferred(load: () => Promise<{ default: ComponentType<DeferredMenuProps> }>, Button: Trigger) {
  const Menu = lazy(load);
  return function DeferredMenu() {
    const [state, setState] = useState<'idle' | 'loaded' | 'open' | 'open-by-key'>('idle');
    const warm = () => {
      void load();
    };
    const placeholder = (
      <Button
        // A pointer over it swaps in the real menu (no focus to lose); focus and touch only fetch it.
        onPointerEnter={() => void load().then(() => setState((s) => (s === 'idle' ? 'loaded' : s)))}
        onFocus={warm}
        onTouchStart={warm}
        // A click from Enter or Space has no pointer position (detail 0).
        onClick={(e) => setState(e.detail === 0 ? 'open-by-key' : 'open')}
        onKeyDown={(e) => {
          // Radix opens its menus on ArrowDown too.
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setState('open-by-key');
          }
        }}
        aria-expanded={false}
      />
    );
    if (state === 'idle') return placeholder;
    return (
      <Suspense fallback={placeholder}>
        <Menu defaultOpen={state === 'open' || state === 'open-by-key'} focusFirst={state === 'open-by-key'} />
      </Suspense>
    );
  };
}

export const ProfileMenu = deferred(
  () => import('./profile-menu.tsx').then((m) => ({ default: m.ProfileMenu })),
  ProfileTrigger,
);
export const NotificationsMenu = deferred(
  () => import('./notifications-menu.tsx').then((m) => ({ default: m.NotificationsMenu })),
  NotificationsTrigger,
);
