import { useSyncExternalStore } from 'react';
import { storage } from './storage.ts';

/** Local UI settings (specification §3 and §9), stored as `ui-settings`, merged over these defaults on load. */
export const defaultUiSettings = {
  skin: { walkingAnimation: true, autoRotate: false, zoom: 0.8, animationSpeed: 1, cameraLight: 3, globalLight: 2.9 },
  dropdown: {
    backdropBlur: true,
    glassEffect: true,
    animationStyle: 'fade',
    borderGlow: true,
    showBackground: true,
    showUserBackground: true,
    backgroundOpacity: 0.95,
    borderRadius: 16,
  },
  sidebar: {
    glassEffect: true,
    backgroundOpacity: 0.95,
    borderGlow: true,
    compactMode: false,
    showSectionDividers: true,
    animationStyle: 'fade',
  },
  topNavigation: { glassEffect: true, backgroundOpacity: 0.95, borderGlow: true, showSearchBar: true },
  notifications: {
    glassEffect: true,
    backgroundOpacity: 0.95,
    borderGlow: true,
    animationStyle: 'fade',
    showBackground: true,
  },
  performance: {
    reduceMotion: false,
    disableAnimations: false,
    optimizeImages: true,
    lazyLoading: true,
    preloadCritical: true,
    backgroundEffects: true,
    transitionSpeed: 4.5,
    frameRateLimit: 75,
    memoryOptimization: false,
    networkOptimization: true,
    enableCaching: true,
    compressAssets: true,
  },
};
export type UiSettings = typeof defaultUiSettings;
export const UI_SETTINGS_KEY = 'ui-settings';
export const uiRanges = {
  backgroundOpacity: { min: 0.1, max: 1, step: 0.05 },
  zoom: { min: 0.5, max: 1.5, step: 0.1 },
  transitionSpeed: { min: 0.5, max: 5, step: 0.1 },
  frameRateLimit: { min: 30, max: 144, step: 15 },
} as const;

/** The animation styles of the dropdown, sidebar and notifications (§17: fade, slide, scale, bounce). */
export const animationStyles = ['fade', 'slide', 'scale', 'bounce'] as const;
/** Numbers with a range of §5 keep it (and its step); others must be finite and not negative. */
const rangeOf = (key: string) => (uiRanges as Record<string, { min: number; max: number; step: number }>)[key];
function validNumber(key: string, n: number): boolean {
  const range = rangeOf(key);
  if (!range) return Number.isFinite(n) && n >= 0;
  if (n < range.min - 1e-9 || n > range.max + 1e-9) return false;
  const steps = (n - range.min) / range.step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

/**
 * `over` laid on `base` key by key: only keys the defaults have, only values of the default's type,
 * numbers within their range and step, animation styles of the list; anything else is dropped in
 * favour of the default (a stored value from an older or a tampered version never crashes the app).
 */
function merge<T extends Record<string, unknown>>(base: T, over: unknown): T {
  if (!over || typeof over !== 'object' || Array.isArray(over)) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(base)) {
    const o = (over as Record<string, unknown>)[k];
    if (o === undefined) continue;
    if (v && typeof v === 'object') out[k] = merge(v as Record<string, unknown>, o);
    else if (typeof o !== typeof v) continue;
    else if (typeof o === 'number' && !validNumber(k, o)) continue;
    else if (k === 'animationStyle' && !(animationStyles as readonly unknown[]).includes(o)) continue;
    else out[k] = o;
  }
  return out as T;
}

/** Stored settings made safe: unknown keys and bad values dropped, defaults filled in. */
export function sanitizeUiSettings(stored: unknown): UiSettings {
  return merge(defaultUiSettings, stored);
}

export function loadUiSettings(): UiSettings {
  return sanitizeUiSettings(storage.getJson(UI_SETTINGS_KEY));
}
export function saveUiSettings(next: UiSettings): void {
  storage.setJson(UI_SETTINGS_KEY, next);
}

type Listener = (settings: UiSettings) => void;
const listeners = new Set<Listener>();
let current: UiSettings | undefined;
let refresh: ReturnType<typeof setTimeout> | undefined;

/** Reads storage again and tells every subscriber (the "settings refresh" of §4). */
function refreshNow(): void {
  current = loadUiSettings();
  for (const l of listeners) l(current);
}

/**
 * The one place the app reads and writes `ui-settings`: saved on every change, a reset to the
 * defaults, and a refresh about 10 ms after a local write or at once when another tab writes the key
 * (the storage event), as §4 says. Subscribers (the customization panel, the performance effects,
 * the styled shell parts) re-read through it.
 */
export const uiSettingsStore = {
  get(): UiSettings {
    current ??= loadUiSettings();
    return current;
  },
  /** Changes one group's keys (or several) and saves at once. */
  update<G extends keyof UiSettings>(group: G, values: Partial<UiSettings[G]>): void {
    const now = uiSettingsStore.get();
    uiSettingsStore.replace({ ...now, [group]: { ...now[group], ...values } });
  },
  replace(next: UiSettings): void {
    current = sanitizeUiSettings(next);
    saveUiSettings(current);
    clearTimeout(refresh);
    refresh = setTimeout(refreshNow, 10);
  },
  reset(): void {
    uiSettingsStore.replace(defaultUiSettings);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

if (typeof window !== 'undefined')
  window.addEventListener('storage', (e) => {
    // e.key null: another tab cleared the whole storage.
    if (e.key === UI_SETTINGS_KEY || e.key === null) refreshNow();
  });

/** Transition duration in seconds = 1 / speed (specification §9). */
export function transitionSeconds(settings: UiSettings = loadUiSettings()): number {
  const speed = Math.min(
    uiRanges.transitionSpeed.max,
    Math.max(uiRanges.transitionSpeed.min, settings.performance.transitionSpeed),
  );
  return 1 / speed;
}

/** The current UI settings in a component, re-rendered on every refresh (local or from another tab). */
export function useUiSettings(): UiSettings {
  return useSyncExternalStore(uiSettingsStore.subscribe, uiSettingsStore.get, uiSettingsStore.get);
}
