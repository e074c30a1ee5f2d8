import { transitionSeconds, type UiSettings, uiSettingsStore } from './ui-settings.ts';

/** Set when the member or the system asks for less motion: transitions and animations off app-wide. */
const REDUCE = 'reduce-motion';
/** Set when backgroundEffects is off: the decorative backgrounds go (styles.css). */
const NO_BACKGROUNDS = 'no-bg-effects';

/** The start-up part of the performance settings: classes and the transition duration on <html>. */
export function applyPerformance(ui: UiSettings, systemReduce: boolean, html = document.documentElement): void {
  const p = ui.performance;
  html.classList.toggle(REDUCE, p.reduceMotion || p.disableAnimations || systemReduce);
  html.classList.toggle(NO_BACKGROUNDS, !p.backgroundEffects);
  html.style.setProperty('--transition-duration', `${transitionSeconds(ui)}s`);
}

/**
 * Applies the performance settings now and on every change (this tab, another tab, the OS setting);
 * the effects that need more code (preloading, memory cleanup) load once the member first acts on an
 * idle page, so the first paint pays only for this. A failure is a warning, never a crash.
 */
export function installPerformance(): void {
  const apply = () => {
    try {
      applyPerformance(uiSettingsStore.get(), motion?.matches ?? false);
    } catch (err) {
      console.warn('Performance settings could not be applied', err);
    }
  };
  const motion = window.matchMedia?.('(prefers-reduced-motion: reduce)');
  apply();
  uiSettingsStore.subscribe(apply);
  motion?.addEventListener?.('change', apply);
  const acts = ['pointermove', 'pointerdown', 'keydown', 'scroll', 'touchstart'];
  const later = () => {
    // Signed-out pages have no query cache to govern: the chunk (and TanStack Query) waits for a member page.
    if (window.location.pathname.startsWith('/auth')) return;
    for (const a of acts) window.removeEventListener(a, later, true);
    const idle = window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 200));
    idle(() =>
      import('./performance-effects.ts')
        .then((m) => m.startPerformanceEffects())
        .catch((err) => console.warn('Performance effects could not start', err)),
    );
  };
  for (const a of acts) window.addEventListener(a, later, { capture: true, passive: true });
}
